import type { CartItemDto } from "@/contract/dto/cart";
import { HOUR_MS } from "@/contract/riyadh-time";

/**
 * Whether the customer may move this line of their order now: a fixed-slot booking (the storefront
 * moves those; stays and hourly bookings go through the store), the store takes changes online
 * (`rescheduleWindowHours`), and the booking starts later than that many hours from now. The
 * platform decides again when asked; this only chooses whether to offer it.
 */
export function canReschedule(item: CartItemDto, windowHours: number | null, now = Date.now()): boolean {
  if (windowHours === null || item.product.typeString !== "reservation" || item.product.isFullDayBooking || item.product.isVariableDuration) return false;
  const from = item.reservationDateFrom ? Date.parse(item.reservationDateFrom) : NaN;
  return Number.isFinite(from) && now <= from - windowHours * HOUR_MS;
}
