import type { ReservationDto } from "@/contract/dto/account";
import { addDays, daysBetween, riyadhToday } from "@/rules/riyadh-time";

/**
 * When a booking takes place, as the customer reads it. Full-day bookings are stored with the
 * exclusive checkout day as their end; spec §9 shows the end date minus one day (the last
 * night). Timed bookings show their day and clock times in Riyadh.
 */
export type ReservationWhen =
  | { kind: "days"; firstDay: string; lastDay: string; nights: number }
  | { kind: "time"; day: string; from: string; to: string };

export function reservationWhen(r: Pick<ReservationDto, "startsAt" | "endsAt" | "isFullDayBooking">): ReservationWhen {
  if (r.isFullDayBooking) {
    const firstDay = riyadhToday(new Date(r.startsAt));
    const checkout = riyadhToday(new Date(r.endsAt));
    const nights = Math.max(1, daysBetween(firstDay, checkout));
    return { kind: "days", firstDay, lastDay: addDays(firstDay, nights - 1), nights };
  }
  return { kind: "time", day: riyadhToday(new Date(r.startsAt)), from: r.startsAt, to: r.endsAt };
}
