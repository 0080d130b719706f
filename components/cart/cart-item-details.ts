import type { CartItemDto } from "@/contract/dto/cart";
import { formatNumber } from "@/lib/money";
import { addDays, daysBetween, isDay, riyadhToday } from "@/rules/riyadh-time";
import { formatDay, formatTime } from "@/lib/day-format";

/**
 * What a cart line says about its booking, gift or subscription, as message keys of the `cart`
 * namespace (`item.<key>`) with values already formatted for the locale in Asia/Riyadh.
 * Pure, so that the rules (full-day end date minus one day, nights, hours) are unit-tested.
 */
export type ItemDetail =
  | { key: "date" | "time" | "stay" | "startDate" | "giftTo" | "giftFrom"; value: string }
  | { key: "giftTheme"; value: string; color: string | null }
  | { key: "hours" | "nights" | "seats"; value: string; count: number }
  /** Who serves the booking (`any`: whichever specialist is free; value empty) and where. */
  | { key: "specialist"; value: string; any: boolean }
  | { key: "branch"; value: string };

/** A Riyadh calendar day from either a YYYY-MM-DD day or an ISO instant. */
export function riyadhDay(value: string): string {
  return isDay(value) ? value : riyadhToday(new Date(value));
}

/** Short weekday, day and month; the year only when it is not the current one. */
export function formatCartDay(day: string, locale: string, now: Date = new Date()): string {
  const sameYear = day.slice(0, 4) === riyadhToday(now).slice(0, 4);
  return formatDay(day, locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}

const range = (a: string, b: string) => `${a} – ${b}`;

/** Units (hours or nights) the line's price is multiplied by, besides its quantity. */
export function itemUnits(item: Pick<CartItemDto, "quantity" | "effectiveQuantity">): number {
  return item.quantity > 0 ? Math.max(1, Math.round(item.effectiveQuantity / item.quantity)) : 1;
}

/** How the store shows bookings: with hideDuration (spec §3) a time is its start only, and no hours are counted. */
export type DetailOptions = { hideDuration?: boolean };

function reservationDetails(
  item: CartItemDto,
  locale: string,
  now: Date,
  { hideDuration = false }: DetailOptions,
): ItemDetail[] {
  const from = item.reservationDateFrom;
  if (!from) return [];
  const to = item.reservationDateTo;

  if (item.product.isFullDayBooking) {
    const first = riyadhDay(from);
    // The platform keeps the exclusive check-out day; people read the last night's day (spec §9).
    const endExclusive = to ? riyadhDay(to) : addDays(first, itemUnits(item));
    const last = addDays(endExclusive, -1);
    const nights = Math.max(1, daysBetween(first, endExclusive));
    const stay =
      last === first
        ? formatCartDay(first, locale, now)
        : range(formatCartDay(first, locale, now), formatCartDay(last, locale, now));
    return [
      { key: "stay", value: stay },
      { key: "nights", value: formatNumber(nights, locale), count: nights },
    ];
  }

  const details: ItemDetail[] = [{ key: "date", value: formatCartDay(riyadhDay(from), locale, now) }];
  details.push({
    key: "time",
    value: to && !hideDuration ? range(formatTime(from, locale), formatTime(to, locale)) : formatTime(from, locale),
  });
  if (item.product.isVariableDuration && !hideDuration) {
    const hours = itemUnits(item);
    details.push({ key: "hours", value: formatNumber(hours, locale), count: hours });
  } else if (item.quantity > 1) {
    details.push({ key: "seats", value: formatNumber(item.quantity, locale), count: item.quantity });
  }
  if (item.specialist || item.anySpecialist)
    details.push({ key: "specialist", value: item.specialist?.name ?? "", any: !item.specialist });
  if (item.branch) details.push({ key: "branch", value: item.branch.name });
  return details;
}

export function describeCartItem(
  item: CartItemDto,
  locale: string,
  now: Date = new Date(),
  options: DetailOptions = {},
): ItemDetail[] {
  switch (item.product.typeString) {
    case "reservation":
      return reservationDetails(item, locale, now, options);
    case "subscription":
      return item.subscriptionStartDate
        ? [{ key: "startDate", value: formatCartDay(riyadhDay(item.subscriptionStartDate), locale, now) }]
        : [];
    case "gift": {
      const gift = item.giftDetails;
      if (!gift) return [];
      const details: ItemDetail[] = [
        { key: "giftTheme", value: gift.themeName || gift.theme, color: gift.themeColor },
        { key: "giftTo", value: gift.toName },
      ];
      if (gift.showBuyerInfo && gift.fromName) details.push({ key: "giftFrom", value: gift.fromName });
      return details;
    }
    default:
      // Merchandise shows its quantity in the stepper instead.
      return [];
  }
}

type Fits = Pick<CartItemDto, "quantity" | "available">;

/**
 * How a line stands against what is left now: it fits; fewer are left than it holds ("short": the
 * shopper lowers it); or none at all ("gone": sold out, or its time was taken; they remove it).
 */
export function lineFit({
  quantity,
  available,
}: Fits): { state: "fits" } | { state: "short"; available: number } | { state: "gone" } {
  if (available === null || quantity <= available) return { state: "fits" };
  return available === 0 ? { state: "gone" } : { state: "short", available };
}

/**
 * The cart's stepper for a line: the quantity of merchandise, or the people of a fixed-slot booking
 * whose time has room for more than one (other bookings are re-chosen on the product page). Its
 * maximum is what is left.
 */
export function quantityStepper(
  item: Pick<CartItemDto, "product" | "quantity" | "available" | "reservationDateFrom">,
): { kind: "quantity" | "seats"; max: number | null } | null {
  const { product } = item;
  if (product.typeString === "merchandise") return { kind: "quantity", max: item.available };
  const slot =
    product.typeString === "reservation" &&
    !product.isFullDayBooking &&
    !product.isVariableDuration &&
    item.reservationDateFrom !== null;
  if (slot && item.available !== null && (item.available > 1 || item.quantity > 1))
    return { kind: "seats", max: item.available };
  return null;
}

/** Whether every line can be ordered as it is (checkout goes on only then). */
export const everyLineFits = (items: readonly Fits[]) => items.every((i) => lineFit(i).state === "fits");
