import type { RuleProduct } from "./product-columns";
import { MINUTE_MS } from "@/rules/riyadh-time";

/** Seats taken by bookings (or by lines of a cart) in an interval; half-open intervals [from, to). */
export type Occupancy = { from: Date; to: Date; seats: number };

export type ReservationKind = "slots" | "duration" | "days";

export function reservationKind(p: RuleProduct): ReservationKind | null {
  if (p.typeString !== "reservation") return null;
  if (p.isFullDayBooking) return "days";
  return p.isVariableDuration ? "duration" : "slots";
}

export const capacityOf = (p: RuleProduct) => p.capacity ?? 1;
export const unitMs = (p: RuleProduct) => (p.slotMinutes ?? 60) * MINUTE_MS;

/** Seats taken in [from, to) — a conservative sum of every occupancy that overlaps it. */
export function seatsTaken(occupancy: Occupancy[], from: Date, to: Date): number {
  let seats = 0;
  for (const o of occupancy) if (o.from < to && o.to > from) seats += o.seats;
  return seats;
}
