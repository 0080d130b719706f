import type { products } from "../db/schema";
import { MINUTE_MS } from "@/contract/riyadh-time";

type ProductRow = typeof products.$inferSelect;

/** Seats taken by bookings (or by lines of a cart) in an interval; half-open intervals [from, to). */
export type Occupancy = { from: Date; to: Date; seats: number };

export type ReservationKind = "slots" | "duration" | "days";

export function reservationKind(p: ProductRow): ReservationKind | null {
  if (p.typeString !== "reservation") return null;
  if (p.isFullDayBooking) return "days";
  return p.isVariableDuration ? "duration" : "slots";
}

export const capacityOf = (p: ProductRow) => p.capacity ?? 1;
export const unitMs = (p: ProductRow) => (p.slotMinutes ?? 60) * MINUTE_MS;

/** Seats taken in [from, to) — a conservative sum of every occupancy that overlaps it. */
export function seatsTaken(occupancy: Occupancy[], from: Date, to: Date): number {
  let seats = 0;
  for (const o of occupancy) if (o.from < to && o.to > from) seats += o.seats;
  return seats;
}

