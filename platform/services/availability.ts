import "server-only";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { bookings } from "../db/schema";
import { notFound, validation } from "../errors";
import { dayStart, openingWindow, today } from "../time";
import { DAY_MS } from "@/rules/riyadh-time";
import { addDays, daysBetween } from "@/rules/riyadh-time";
import type { AvailabilityDto } from "@/contract/dto/catalog";
import { findActiveProduct, type ProductRow } from "./catalog";
import type { RuleProduct } from "./product-columns";
import { checkChoice, productStaff, slotLoad, slotSeats, someoneServes, type StaffChoice } from "./specialists";

// The seat primitives live in ./seats (specialists.ts uses them too); re-exported for the rules that read them here.
export { capacityOf, reservationKind, seatsTaken, unitMs, type Occupancy, type ReservationKind } from "./seats";
import { capacityOf, reservationKind, seatsTaken, unitMs, type Occupancy } from "./seats";

/** Bookings of a product overlapping [from, to). */
export function bookingsBetween(
  db: Db | Tx,
  tenantId: string,
  productId: string,
  from: Date,
  to: Date,
): Promise<Occupancy[]> {
  return db
    .select({ from: bookings.startsAt, to: bookings.endsAt, seats: bookings.seats })
    .from(bookings)
    .where(
      and(
        eq(bookings.tenantId, tenantId),
        eq(bookings.productId, productId),
        lt(bookings.startsAt, to),
        gt(bookings.endsAt, from),
      ),
    );
}

/** Whether a day may be booked now: not before today and at most bookingWindowDays ahead. */
export function withinBookingWindow(p: RuleProduct, day: string, now: Date): boolean {
  const ahead = daysBetween(today(now), day);
  return ahead >= 0 && ahead <= p.bookingWindowDays;
}

/** Start instants of a day's fixed slots (or duration units): aligned to the opening time, ending by closing. */
export function slotStarts(p: RuleProduct, day: string): Date[] {
  const window = openingWindow(p.openingHours, day);
  if (!window) return [];
  const step = unitMs(p);
  const starts: Date[] = [];
  for (let t = window.open.getTime(); t + step <= window.close.getTime(); t += step) starts.push(new Date(t));
  return starts;
}

/**
 * Consecutive bookable units from `start` for `seats` seats, capped by the product's maxUnits and
 * the closing time.
 */
export function freeUnitsFrom(p: RuleProduct, start: Date, close: Date, occupancy: Occupancy[], seats = 1): number {
  const step = unitMs(p);
  const cap = p.maxUnits ?? Number.MAX_SAFE_INTEGER;
  let units = 0;
  for (let t = start.getTime(); units < cap && t + step <= close.getTime(); t += step) {
    if (capacityOf(p) - seatsTaken(occupancy, new Date(t), new Date(t + step)) < seats) break;
    units++;
  }
  return units;
}

/**
 * A day's fixed slots with the seats left: the product's, and when specialists serve it, no more
 * than the choice (a specialist, a branch, a price; "any" by default) has then.
 */
async function slotsAvailability(
  db: Db,
  tenantId: string,
  p: ProductRow,
  day: string,
  now: Date,
  pick: StaffPick,
): Promise<AvailabilityDto> {
  const staff = await productStaff(db, tenantId, p.id);
  checkChoice(staff, pick, pick.priceId);
  const starts = withinBookingWindow(p, day, now) ? slotStarts(p, day).filter((s) => s > now) : [];
  if (starts.length === 0) return { kind: "slots", date: day, slots: [] };
  const step = unitMs(p);
  const end = new Date(starts[starts.length - 1].getTime() + step);
  const capacity = capacityOf(p);
  const staffed = staff.specialists.length > 0;
  const load = staffed ? await slotLoad(db, tenantId, staff, p.id, [], starts[0], end) : null;
  const occupancy = staffed ? [] : await bookingsBetween(db, tenantId, p.id, starts[0], end);
  const toOf = (s: Date) => new Date(s.getTime() + step);
  // With specialists, times nobody the choice allows works are not offered at all; those they are booked at show full.
  const offered = staffed ? starts.filter((s) => someoneServes(staff, pick, pick.priceId, s, toOf(s))) : starts;
  return {
    kind: "slots",
    date: day,
    slots: offered.map((s) => {
      const to = toOf(s);
      const available = load
        ? slotSeats(staff, p, pick, pick.priceId, load, s, to).choice
        : Math.max(0, capacity - seatsTaken(occupancy, s, to));
      return {
        from: s.toISOString(),
        to: to.toISOString(),
        available,
        capacity: staffed ? (p.roomCapacity ?? capacity) : capacity,
      };
    }),
  };
}

/** Every aligned start of the day that is not past; maxUnits is 0 when fewer than minUnits are free. */
async function durationAvailability(
  db: Db,
  tenantId: string,
  p: ProductRow,
  day: string,
  now: Date,
): Promise<AvailabilityDto> {
  const minUnits = p.minUnits ?? 1;
  const base = { kind: "duration" as const, date: day, unitMinutes: p.slotMinutes ?? 60, minUnits };
  const window = openingWindow(p.openingHours, day);
  const starts = window && withinBookingWindow(p, day, now) ? slotStarts(p, day).filter((s) => s > now) : [];
  if (!window || starts.length === 0) return { ...base, starts: [] };
  const occupancy = await bookingsBetween(db, tenantId, p.id, starts[0], window.close);
  return {
    ...base,
    starts: starts.map((s) => {
      const free = freeUnitsFrom(p, s, window.close, occupancy);
      return { from: s.toISOString(), maxUnits: free >= minUnits ? free : 0 };
    }),
  };
}

/** Nights from `from` for `days` days; a night is available when bookable now, open and not fully booked. */
async function daysAvailability(
  db: Db,
  tenantId: string,
  p: ProductRow,
  from: string,
  days: number,
  now: Date,
): Promise<AvailabilityDto> {
  const start = dayStart(from);
  const occupancy = await bookingsBetween(db, tenantId, p.id, start, new Date(start.getTime() + days * DAY_MS));
  const capacity = capacityOf(p);
  const list = Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const night = dayStart(date);
    const available =
      withinBookingWindow(p, date, now) &&
      openingWindow(p.openingHours, date) !== null &&
      capacity - seatsTaken(occupancy, night, new Date(night.getTime() + DAY_MS)) > 0;
    return { date, available };
  });
  return { kind: "days", from, days: list };
}

export type AvailabilityQuery = {
  date?: string;
  from?: string;
  days?: number;
  specialistId?: string;
  branchId?: string;
  priceId?: string;
};
type StaffPick = StaffChoice & { priceId: string | null };

/** GET products/{id}/availability: fixed slots or duration starts for `date`, nights from `from` for full-day. */
export async function getAvailability(
  db: Db,
  tenantId: string,
  productId: string,
  query: AvailabilityQuery,
  now = new Date(),
): Promise<AvailabilityDto> {
  const product = await findActiveProduct(db, tenantId, productId);
  if (!product) throw notFound("Product");
  const kind = reservationKind(product);
  if (!kind) throw validation("This product is not a reservation", { productId: "Not a reservation" });
  if (kind === "days") {
    if (!query.from) throw validation("from is required for a full-day booking", { from: "required" });
    return daysAvailability(db, tenantId, product, query.from, query.days ?? 31, now);
  }
  if (!query.date) throw validation("date is required", { date: "required" });
  if (kind === "slots") {
    const pick = {
      specialistId: query.specialistId ?? null,
      branchId: query.branchId ?? null,
      priceId: query.priceId ?? null,
    };
    return slotsAvailability(db, tenantId, product, query.date, now, pick);
  }
  return durationAvailability(db, tenantId, product, query.date, now);
}
