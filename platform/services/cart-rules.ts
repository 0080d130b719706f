import "server-only";
import type { Db, Tx } from "../db/client";
import type { cartItems, GiftDetails } from "../db/schema";
import { PlatformError, validation } from "../errors";
import { dayStart, openingWindow, riyadhDay, today } from "../time";
import { normalizeMobile } from "@/rules/phone";
import { isPlatformDay } from "@/rules/riyadh-time";
import { DAY_MS } from "@/rules/riyadh-time";
import { addDays, daysBetween } from "@/rules/riyadh-time";
import {
  bookingsBetween,
  capacityOf,
  reservationKind,
  seatsTaken,
  slotStarts,
  unitMs,
  withinBookingWindow,
  type Occupancy,
} from "./availability";
import type { AddCartItemInput } from "@/contract/input/cart";
import type { RuleProduct } from "./product-columns";
import {
  checkChoice,
  productStaff,
  providerNotAvailable,
  slotLoad,
  slotSeats,
  type HeldLine,
  type Staff,
} from "./specialists";

/** A cart line as the rules see it: instants for reservations, units = hours or nights. */
export type CartLine = {
  id?: string;
  productId: string;
  priceId: string;
  quantity: number;
  units: number;
  from: Date | null;
  to: Date | null;
  subscriptionStartDate: string | null;
  giftDetails: GiftDetails | null;
  /** Fixed slots with specialists: the one chosen and the branch (null: any). */
  specialistId: string | null;
  branchId: string | null;
};

/** A stored cart line as the rules see it. */
export const lineOfItem = (r: typeof cartItems.$inferSelect): CartLine => ({
  id: r.id,
  productId: r.productId,
  priceId: r.priceId,
  quantity: r.quantity,
  units: r.units,
  from: r.reservationDateFrom,
  to: r.reservationDateTo,
  subscriptionStartDate: r.subscriptionStartDate,
  giftDetails: r.giftDetails,
  specialistId: r.specialistId,
  branchId: r.branchId,
});

/** Nights of one stay when the product sets no maximum (bounds the per-night checks). */
export const MAX_NIGHTS = 366;

/** How far ahead a subscription may start. */
export const SUBSCRIPTION_START_WINDOW_DAYS = 90;

const outdated = () =>
  new PlatformError(
    "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
    400,
    "The selected time is not bookable or has passed",
  );
const notAvailable = (available: number) =>
  new PlatformError("SP:SlotIsNotAvailable", 409, "The selected time is not available", {
    available: Math.max(0, available),
  });
const tooFew = (minimum: number) =>
  new PlatformError("SP:MinimumDaysRequirementNotMet", 400, `At least ${minimum} required`, { minimum });
const tooMany = (maximum: number) =>
  new PlatformError("SP:MaximumDaysExceeded", 400, `At most ${maximum} allowed`, { maximum });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(value: string | undefined, field: string): Date {
  const ms = value && ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms) || !isPlatformDay(riyadhDay(new Date(ms))))
    throw validation(`${field} must be an ISO date-time`, { [field]: "Expected an ISO date-time" });
  return new Date(ms);
}

function day(value: string | undefined, field: string): string {
  if (!value || !isPlatformDay(value))
    throw validation(`${field} must be a YYYY-MM-DD day`, { [field]: "Expected a YYYY-MM-DD day" });
  return value;
}

/** Turns an add-item request into a line for the product's kind; fields of other kinds are ignored. */
export function lineFromInput(product: RuleProduct, priceId: string, input: AddCartItemInput): CartLine {
  const line: CartLine = {
    productId: product.id,
    priceId,
    quantity: input.quantity,
    units: 1,
    from: null,
    to: null,
    subscriptionStartDate: null,
    giftDetails: null,
    specialistId: null,
    branchId: null,
  };
  // Specialists serve fixed-slot reservations only: a choice for anything else is a mistake, not ignored.
  if ((input.specialistId || input.branchId) && reservationKind(product) !== "slots") {
    throw validation("This product is booked without a specialist", { specialistId: "Not offered for this product" });
  }
  switch (reservationKind(product)) {
    case "slots": {
      const from = instant(input.reservationDateFrom, "reservationDateFrom");
      return {
        ...line,
        from,
        to: new Date(from.getTime() + unitMs(product)),
        specialistId: input.specialistId ?? null,
        branchId: input.branchId ?? null,
      };
    }
    case "duration": {
      const from = instant(input.reservationDateFrom, "reservationDateFrom");
      if (input.units === undefined) throw validation("units is required", { units: "Required" });
      return { ...line, units: input.units, from, to: new Date(from.getTime() + input.units * unitMs(product)) };
    }
    case "days": {
      const first = day(input.reservationDateFrom, "reservationDateFrom");
      const end = day(input.reservationDateTo, "reservationDateTo");
      return { ...line, units: daysBetween(first, end), from: dayStart(first), to: dayStart(end) };
    }
  }
  if (product.typeString === "subscription")
    return { ...line, subscriptionStartDate: day(input.subscriptionStartDate, "subscriptionStartDate") };
  if (product.typeString === "gift") {
    if (!input.giftDetails) throw validation("giftDetails is required", { giftDetails: "Required" });
    const { theme, toName, fromName, showBuyerInfo, toMobile, sendAt } = input.giftDetails;
    return {
      ...line,
      giftDetails: {
        theme,
        toName,
        fromName,
        showBuyerInfo,
        toMobile: toMobile ? giftRecipientMobile(toMobile) : null,
        sendAt: sendAt ? giftSendAt(sendAt) : null,
      },
    };
  }
  return line;
}

function checkUnits(units: number, min: number, max: number | null) {
  if (units < min) throw tooFew(min);
  if (max !== null && units > max) throw tooMany(max);
}

/** Rules that need no other rows: the time is a bookable one, the counts are within limits, the gift theme exists. */
export function checkLineRules(product: RuleProduct, line: CartLine, now: Date): void {
  const kind = reservationKind(product);
  if (kind === "slots" || kind === "duration") {
    const from = line.from!;
    if (kind === "duration") checkUnits(line.units, product.minUnits ?? 1, product.maxUnits);
    const startDay = riyadhDay(from);
    const window = openingWindow(product.openingHours, startDay);
    const isSlotStart = slotStarts(product, startDay).some((s) => s.getTime() === from.getTime());
    if (!window || !isSlotStart || from <= now || !withinBookingWindow(product, startDay, now)) throw outdated();
    if (line.to! > window.close) throw outdated();
    return;
  }
  if (kind === "days") {
    checkUnits(line.units, product.minDays ?? 1, product.maxDays ?? MAX_NIGHTS);
    if (!withinBookingWindow(product, riyadhDay(line.from!), now)) throw outdated();
    return;
  }
  if (product.typeString === "subscription") {
    const start = line.subscriptionStartDate!;
    const ahead = daysBetween(today(now), start);
    if (ahead < 0 || ahead > SUBSCRIPTION_START_WINDOW_DAYS) {
      throw validation(
        `The start date must be between today and ${addDays(today(now), SUBSCRIPTION_START_WINDOW_DAYS)}`,
        {
          subscriptionStartDate: "Out of range",
        },
      );
    }
    return;
  }
  if (product.typeString === "gift") {
    const themes = (product.giftThemes ?? []).map((t) => t.id);
    if (!line.giftDetails || !themes.includes(line.giftDetails.theme))
      throw validation("Unknown gift theme", { "giftDetails.theme": "Not one of the product's themes" });
    const sendAt = line.giftDetails.sendAt ? Date.parse(line.giftDetails.sendAt) : null;
    if (sendAt !== null && (sendAt <= now.getTime() || sendAt > now.getTime() + GIFT_SEND_AHEAD_MS))
      throw new PlatformError(
        "SP:GiftSendTimeInvalid",
        400,
        "The gift's sending time must be later than now and within a year",
      );
  }
}

/** How far ahead a gift may be sent: its card's validity counts from the moment it is sent. */
const GIFT_SEND_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

function giftRecipientMobile(typed: string): string {
  const mobile = normalizeMobile(typed);
  if (!mobile)
    throw new PlatformError("SP:InvalidMobileNumber", 400, "The recipient's mobile number is not valid", {
      field: "giftDetails.toMobile",
    });
  return mobile;
}

function giftSendAt(typed: string): string {
  const at = Date.parse(typed);
  if (!Number.isFinite(at)) throw validation("Not an instant", { "giftDetails.sendAt": "validation.invalid" });
  return new Date(at).toISOString();
}

/**
 * Rules against other rows: merchandise stock, and free seats in every unit (slot, hour, night)
 * after bookings and after this cart's other lines of the same product. `others` excludes `line`.
 */
export async function checkCapacity(
  tx: Tx,
  tenantId: string,
  product: RuleProduct,
  line: CartLine,
  others: CartLine[],
  staff?: Staff,
): Promise<void> {
  const staffed = await staffSeats(tx, tenantId, product, line, others, staff);
  const room = staffed ? staffed.choice : await plainRoom(tx, tenantId, product, line, others);
  if (room === null || line.quantity <= room) return;
  if (product.typeString === "merchandise")
    throw new PlatformError("SP:MerchandiseItemInsufficientStock", 409, "Not enough stock", { available: room });
  // The chosen specialist is the limit, not the slot as a whole: SP:ProviderIsNotAvailable.
  if (line.specialistId && staffed && staffed.anyone >= line.quantity) throw providerNotAvailable(room);
  throw notAvailable(room);
}

/**
 * The most `line` may hold now: the stock left after the cart's other lines of the product, or
 * the fewest free seats over its units (slot, hour, night) after bookings and those lines; 0 when
 * a night is closed; null when nothing limits it (no stock count, not a timed booking).
 */
export async function lineRoom(
  tx: Db | Tx,
  tenantId: string,
  product: RuleProduct,
  line: CartLine,
  others: CartLine[],
): Promise<number | null> {
  const staffed = await staffSeats(tx, tenantId, product, line, others);
  return staffed ? staffed.choice : plainRoom(tx, tenantId, product, line, others);
}

/** lineRoom of a line no specialist serves. */
async function plainRoom(
  tx: Db | Tx,
  tenantId: string,
  product: RuleProduct,
  line: CartLine,
  others: CartLine[],
): Promise<number | null> {
  if (product.typeString === "merchandise") {
    if (product.stock === null) return null;
    return Math.max(0, product.stock - others.reduce((s, o) => s + o.quantity, 0));
  }
  const kind = reservationKind(product);
  if (!kind || !line.from || !line.to) return null;
  const booked = await bookingsBetween(tx, tenantId, product.id, line.from, line.to);
  const held: Occupancy[] = others
    .filter((o) => o.from && o.to)
    .map((o) => ({ from: o.from!, to: o.to!, seats: o.quantity }));
  const step = kind === "days" ? DAY_MS : unitMs(product);
  let least = Number.MAX_SAFE_INTEGER;
  for (let t = line.from.getTime(); t < line.to.getTime(); t += step) {
    const from = new Date(t);
    const to = new Date(Math.min(t + step, line.to.getTime()));
    if (kind === "days" && !openingWindow(product.openingHours, riyadhDay(from))) return 0;
    least = Math.min(least, capacityOf(product) - seatsTaken(booked, from, to) - seatsTaken(held, from, to));
  }
  return Math.max(0, least);
}

/**
 * A fixed slot's seats when specialists serve the product (see specialists.ts slotSeats), after
 * this cart's other lines of it; null for any other line. The choice is checked first. `known`:
 * the product's staff when the caller has read it already.
 */
async function staffSeats(
  tx: Db | Tx,
  tenantId: string,
  product: RuleProduct,
  line: CartLine,
  others: CartLine[],
  known?: Staff,
): Promise<{ choice: number; anyone: number } | null> {
  if (reservationKind(product) !== "slots" || !line.from || !line.to) return null;
  const staff = known ?? (await productStaff(tx, tenantId, product.id));
  const choice = { specialistId: line.specialistId, branchId: line.branchId };
  checkChoice(staff, choice, line.priceId);
  if (staff.specialists.length === 0) return null;
  const held: HeldLine[] = others
    .filter((o) => o.from && o.to)
    .map((o) => ({ from: o.from!, to: o.to!, seats: o.quantity, specialistId: o.specialistId }));
  const load = await slotLoad(tx, tenantId, staff, product.id, held, line.from, line.to);
  return slotSeats(staff, product, choice, line.priceId, load, line.from, line.to);
}
