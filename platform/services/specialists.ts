import "server-only";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { independentReads } from "../db/reads";
import { bookings, branches, specialists } from "../db/schema";
import type { RuleProduct } from "./product-columns";
import { PlatformError, validation } from "../errors";
import { dayStart, openingWindow, parseHm, riyadhDay } from "../time";
import { MINUTE_MS } from "@/rules/riyadh-time";
import { capacityOf, seatsTaken, type Occupancy } from "./seats";
import type { Locale } from "@/contract/tenant-settings";
import type { ProductDto } from "@/contract/dto/catalog";

/**
 * Specialists and branches (spec §3 "providers view type", "hide branches"; codes
 * SP:ProviderIsNotAvailable …). A product some specialist serves is booked with a specialist:
 *
 * - A specialist can serve a slot when it lies inside their working hours of that day, clear of
 *   their daily breaks, not on a day off, they serve the price, and one of their branches (the
 *   chosen one, if any) is open then.
 * - In a slot a specialist takes up to the product's capacity (a class of ten per trainer), and
 *   nothing while they are booked for another product then. The product's capacity also bounds the
 *   slot as a whole (the room), as it does without specialists.
 * - "Any specialist" is free when at least one eligible specialist is; the order is given, under the
 *   specialists' row locks, to the one with the fewest bookings that day, then the first in the
 *   store's order (sortOrder, then id): deterministic and fair.
 */

export type SpecialistRow = typeof specialists.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type Staff = { specialists: SpecialistRow[]; branches: BranchRow[] };
/** What the customer chose: a specialist or any (null), a branch or any (null). */
export type StaffChoice = { specialistId: string | null; branchId: string | null };

const contains = (column: typeof specialists.productIds, id: string) =>
  sql`${column} @> ${JSON.stringify([id])}::jsonb`;
/** Specialists who serve at least one of these products. */
export const servesAnyOf = (productIds: string[]) =>
  sql`${specialists.productIds} ?| array[${sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

/** The specialists who serve a product (in the store's order) and the branches they work in. */
export async function productStaff(db: Db | Tx, tenantId: string, productId: string): Promise<Staff> {
  const people = await db
    .select()
    .from(specialists)
    .where(and(eq(specialists.tenantId, tenantId), contains(specialists.productIds, productId)))
    .orderBy(asc(specialists.sortOrder), asc(specialists.id));
  if (people.length === 0) return { specialists: [], branches: [] };
  const ids = [...new Set(people.flatMap((p) => p.branchIds))];
  const places =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(branches)
          .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, ids)))
          .orderBy(asc(branches.sortOrder), asc(branches.id));
  return { specialists: people, branches: places };
}

/**
 * Checks a choice against the product's staff: none may be made for a product without
 * specialists, and a chosen specialist or branch must be one of the product's (and the specialist
 * must serve the price, and work in the branch when both are chosen).
 */
export function checkChoice(staff: Staff, choice: StaffChoice, priceId: string | null): void {
  if (staff.specialists.length === 0) {
    if (choice.specialistId || choice.branchId)
      throw validation("This product is booked without a specialist", { specialistId: "Not offered for this product" });
    return;
  }
  if (choice.branchId && !staff.branches.some((b) => b.id === choice.branchId))
    throw validation("Unknown branch", { branchId: "Not a branch of this product" });
  if (!choice.specialistId) return;
  const person = staff.specialists.find((s) => s.id === choice.specialistId);
  if (!person) throw validation("Unknown specialist", { specialistId: "Not a specialist of this product" });
  if (!servesPrice(person, priceId))
    throw validation("This specialist does not offer this option", { specialistId: "Does not serve this price" });
  if (choice.branchId && !person.branchIds.includes(choice.branchId))
    throw validation("This specialist does not work in this branch", { specialistId: "Not in this branch" });
}

const servesPrice = (s: SpecialistRow, priceId: string | null) =>
  priceId === null || s.priceIds === null || s.priceIds.includes(priceId);

/** Whether [from, to) lies in the specialist's hours of that day, clear of breaks and days off. */
function works(s: SpecialistRow, from: Date, to: Date): boolean {
  const day = riyadhDay(from);
  if (s.daysOff.includes(day)) return false;
  const window = openingWindow(s.workingHours, day);
  if (!window || from < window.open || to > window.close) return false;
  const midnight = dayStart(day).getTime();
  return s.breaks.every(([a, b]) => {
    const start = parseHm(a);
    const end = parseHm(b);
    if (start === null || end === null) return true;
    return !(from.getTime() < midnight + end * MINUTE_MS && to.getTime() > midnight + start * MINUTE_MS);
  });
}

function branchOpen(b: BranchRow, from: Date, to: Date): boolean {
  const window = openingWindow(b.openingHours, riyadhDay(from));
  return window !== null && from >= window.open && to <= window.close;
}

/**
 * Where the specialist would serve [from, to): the chosen branch if they work there and it is open,
 * else the first of their branches open then; null when the store keeps no branches for them;
 * undefined when none is open (they can't serve it).
 */
function servingBranch(
  s: SpecialistRow,
  staff: Staff,
  branchId: string | null,
  from: Date,
  to: Date,
): BranchRow | null | undefined {
  if (s.branchIds.length === 0) return branchId ? undefined : null;
  const theirs = staff.branches.filter((b) => s.branchIds.includes(b.id) && (!branchId || b.id === branchId));
  return theirs.find((b) => branchOpen(b, from, to));
}

/** The specialists a choice allows for a price (before time is considered). */
function eligible(staff: Staff, choice: StaffChoice, priceId: string | null): SpecialistRow[] {
  return staff.specialists.filter(
    (s) =>
      (!choice.specialistId || s.id === choice.specialistId) &&
      servesPrice(s, priceId) &&
      (!choice.branchId || s.branchIds.includes(choice.branchId)),
  );
}

/** Whether someone the choice allows works [from, to) (in an open branch of theirs), booked or not. */
export function someoneServes(
  staff: Staff,
  choice: StaffChoice,
  priceId: string | null,
  from: Date,
  to: Date,
): boolean {
  return eligible(staff, choice, priceId).some(
    (s) => works(s, from, to) && servingBranch(s, staff, choice.branchId, from, to) !== undefined,
  );
}

export type StaffBooking = Occupancy & { specialistId: string; productId: string };

/** Bookings of these specialists (any product) overlapping [from, to). */
async function staffBookings(
  db: Db | Tx,
  tenantId: string,
  ids: string[],
  from: Date,
  to: Date,
): Promise<StaffBooking[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      specialistId: bookings.specialistId,
      productId: bookings.productId,
      from: bookings.startsAt,
      to: bookings.endsAt,
      seats: bookings.seats,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.tenantId, tenantId),
        inArray(bookings.specialistId, ids),
        lt(bookings.startsAt, to),
        gt(bookings.endsAt, from),
      ),
    );
  return rows.map((r) => ({ ...r, specialistId: r.specialistId! }));
}

/**
 * Seats the specialist has left in [from, to) for the product: 0 when they don't work then or are
 * booked for another product; else the product's capacity (per specialist) less their seats taken.
 */
function specialistRoom(
  s: SpecialistRow,
  staff: Staff,
  product: RuleProduct,
  branchId: string | null,
  taken: StaffBooking[],
  from: Date,
  to: Date,
): number {
  if (!works(s, from, to) || servingBranch(s, staff, branchId, from, to) === undefined) return 0;
  const theirs = taken.filter((b) => b.specialistId === s.id && b.from < to && b.to > from);
  if (theirs.some((b) => b.productId !== product.id)) return 0;
  return Math.max(0, capacityOf(product) - seatsTaken(theirs, from, to));
}

/** A line of the same cart holding seats, with the specialist it asks for (null: any). */
export type HeldLine = Occupancy & { specialistId: string | null };

/** What a fixed slot with specialists has taken: the product's bookings (a null specialist: made without one), theirs, this cart's other lines. */
export type SlotLoad = {
  booked: (Occupancy & { specialistId: string | null })[];
  taken: StaffBooking[];
  held: HeldLine[];
};

/**
 * Seats of a fixed slot with specialists: `anyone` — every eligible specialist's room together
 * (for the branch and price), less the bookings made without a specialist and this cart's other
 * lines, bounded by the product's roomCapacity; `choice` — the chosen specialist's room, within
 * that (equal to `anyone` for "any specialist").
 */
export function slotSeats(
  staff: Staff,
  product: RuleProduct,
  choice: StaffChoice,
  priceId: string | null,
  load: SlotLoad,
  from: Date,
  to: Date,
): { choice: number; anyone: number } {
  const overlapping = <T extends Occupancy>(list: T[]) => list.filter((o) => o.from < to && o.to > from);
  const held = overlapping(load.held);
  const booked = overlapping(load.booked);
  const together = eligible(staff, { specialistId: null, branchId: choice.branchId }, priceId).reduce(
    (n, s) => n + specialistRoom(s, staff, product, choice.branchId, load.taken, from, to),
    0,
  );
  const unassigned = seatsTaken(
    booked.filter((b) => b.specialistId === null),
    from,
    to,
  );
  const room =
    product.roomCapacity === null ? Number.MAX_SAFE_INTEGER : product.roomCapacity - seatsTaken(booked, from, to);
  const anyone = Math.max(0, Math.min(room, together - unassigned) - seatsTaken(held, from, to));
  if (!choice.specialistId) return { choice: anyone, anyone };
  const person = eligible(staff, choice, priceId)[0];
  const own = person
    ? specialistRoom(person, staff, product, choice.branchId, load.taken, from, to) -
      seatsTaken(
        held.filter((h) => h.specialistId === person.id),
        from,
        to,
      )
    : 0;
  return { choice: Math.max(0, Math.min(own, anyone)), anyone };
}

/** Reads a slot's load for `staff` over [from, to) (see SlotLoad); `held` is this cart's other lines. */
export async function slotLoad(
  db: Db | Tx,
  tenantId: string,
  staff: Staff,
  productId: string,
  held: HeldLine[],
  from: Date,
  to: Date,
): Promise<SlotLoad> {
  const [booked, taken] = await independentReads(db, [
    () =>
      db
        .select({
          from: bookings.startsAt,
          to: bookings.endsAt,
          seats: bookings.seats,
          specialistId: bookings.specialistId,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.tenantId, tenantId),
            eq(bookings.productId, productId),
            lt(bookings.startsAt, to),
            gt(bookings.endsAt, from),
          ),
        ),
    () =>
      staffBookings(
        db,
        tenantId,
        staff.specialists.map((s) => s.id),
        from,
        to,
      ),
  ] as const);
  return { booked, taken, held };
}

export const providerNotAvailable = (available: number) =>
  new PlatformError("SP:ProviderIsNotAvailable", 409, "The chosen specialist is not available at this time", {
    available: Math.max(0, available),
  });

/**
 * Locks the rows of every specialist who serves one of these products, in id order, so that two
 * orders booking one person (through different products too) are counted one after the other.
 * Taken after lockProducts, always in this order: no deadlock.
 */
export async function lockStaff(tx: Tx, tenantId: string, productIds: string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await tx
    .select({ id: specialists.id })
    .from(specialists)
    .where(and(eq(specialists.tenantId, tenantId), servesAnyOf(ids)))
    .orderBy(asc(specialists.id))
    .for("update");
}

/**
 * The specialist and branch a timed line is booked with (under lockStaff, after checkCapacity):
 * the chosen specialist; for "any", among those with the seats, the one with the fewest bookings
 * that day, then the store's order. None with the seats ⇒ SP:SlotIsNotAvailable.
 */
export async function assignSpecialist(
  tx: Tx,
  tenantId: string,
  staff: Staff,
  product: RuleProduct,
  choice: StaffChoice,
  priceId: string,
  seats: number,
  from: Date,
  to: Date,
): Promise<{ specialistId: string; branchId: string | null }> {
  const midnight = dayStart(riyadhDay(from));
  const dayEnd = new Date(midnight.getTime() + 24 * 60 * MINUTE_MS);
  const people = eligible(staff, choice, priceId);
  const taken = await staffBookings(
    tx,
    tenantId,
    people.map((s) => s.id),
    from < midnight ? from : midnight,
    to > dayEnd ? to : dayEnd,
  );
  const fits = people.filter((s) => specialistRoom(s, staff, product, choice.branchId, taken, from, to) >= seats);
  if (fits.length === 0)
    throw choice.specialistId
      ? providerNotAvailable(0)
      : new PlatformError("SP:SlotIsNotAvailable", 409, "The selected time is not available", { available: 0 });
  const load = (s: SpecialistRow) =>
    taken.filter((b) => b.specialistId === s.id && b.from >= midnight && b.from < dayEnd).length;
  // Stable: `people` is in the store's order, and sort keeps ties in place.
  const chosen = [...fits].sort((a, b) => load(a) - load(b))[0];
  return { specialistId: chosen.id, branchId: servingBranch(chosen, staff, choice.branchId, from, to)?.id ?? null };
}

/** The product's staff as the storefront shows it: names in the reader's language, days off from today. */
export function toStaffDto(staff: Staff, locale: Locale, fromDay: string): NonNullable<ProductDto["staff"]> {
  const pick = (ar: string, en: string) => (locale === "en" ? en : ar);
  return {
    specialists: staff.specialists.map((s) => ({
      id: s.id,
      name: pick(s.nameAr, s.nameEn),
      bio: pick(s.bioAr, s.bioEn),
      photo: s.photo,
      branchIds: s.branchIds.filter((id) => staff.branches.some((b) => b.id === id)),
      priceIds: s.priceIds,
      workingHours: s.workingHours,
      daysOff: s.daysOff.filter((d) => d >= fromDay).sort(),
    })),
    branches: staff.branches.map((b) => ({
      id: b.id,
      name: pick(b.nameAr, b.nameEn),
      address: pick(b.addressAr, b.addressEn),
      latitude: b.latitude,
      longitude: b.longitude,
      phone: b.phone,
      openingHours: b.openingHours,
    })),
  };
}
