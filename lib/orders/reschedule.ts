import type { CartItemDto } from "@/contract/dto/cart";
import { HOUR_MS } from "@/rules/riyadh-time";

/**
 * Whether the customer may move this line of their order now: a fixed-slot booking or a stay (the
 * storefront moves those; hourly bookings go through the store), the store takes changes online
 * (`rescheduleWindowHours`), and the booking starts later than that many hours from now. The
 * platform decides again when asked; this only chooses whether to offer it.
 */
export function canReschedule(item: CartItemDto, windowHours: number | null, now = Date.now()): boolean {
  if (item.product.isVariableDuration) return false;
  return withinWindow(item, windowHours, now);
}

/** When a booking line starts: its instant, or a stay's first day at midnight in Riyadh. */
function startOf(item: CartItemDto): number {
  const from = item.reservationDateFrom;
  if (!from) return NaN;
  return Date.parse(
    item.product.isFullDayBooking && /^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00+03:00` : from,
  );
}

/** A booking not cancelled, of a store that takes the change online, starting later than its window from now. */
function withinWindow(item: CartItemDto, windowHours: number | null, now: number): boolean {
  if (windowHours === null || item.product.typeString !== "reservation" || item.cancelledAt) return false;
  const from = startOf(item);
  return Number.isFinite(from) && now <= from - windowHours * HOUR_MS;
}

/**
 * Whether the customer may cancel this booking of their order now: any kind of booking (a slot, a
 * stay, hours), the store takes cancellations online (`cancelWindowHours`), and it starts later
 * than that many hours from now. The platform decides again when asked.
 */
export function canCancel(item: CartItemDto, windowHours: number | null, now = Date.now()): boolean {
  return withinWindow(item, windowHours, now);
}
