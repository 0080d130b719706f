import type { CartDto } from "@/contract/dto/cart";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";
import { addDays, isDay, riyadhToday } from "@/rules/riyadh-time";

/** A Riyadh calendar day from a YYYY-MM-DD day or an ISO instant. */
const riyadhDay = (value: string) => (isDay(value) ? value : riyadhToday(new Date(value)));

/**
 * A booking of an order as a calendar event. Timed bookings are instants (ISO, UTC: calendars
 * show them in the reader's zone, Riyadh for the shop's customers); stays are whole days, the end
 * day exclusive (the check-out day), as calendars take all-day events.
 */
export type BookingEvent = {
  uid: string;
  title: string;
  allDay: boolean;
  start: string;
  end: string;
  /** The booking's branch, else the store's address. */
  location: string | null;
  /** The branch's map point, when it has one. */
  geo: { lat: number; lon: number } | null;
  description: string;
};

type Store = { name: string; address: string | null; host: string };

/** The store as its calendar events name it: its brand, its address in the reader's language (else Arabic), its slug for event ids. */
export function calendarStore(
  tenant: { name: string; slug: string },
  config: Pick<TenantConfig, "brandName" | "trust">,
  locale: Locale,
): Store {
  return {
    name: config.brandName ?? tenant.name,
    address: config.trust.address[locale] ?? config.trust.address.ar,
    host: tenant.slug,
  };
}

/** Every booking of a placed order, in its lines' order; nothing for other kinds. */
export function bookingEvents(
  order: Pick<CartDto, "orderNumber" | "cartItems">,
  store: Store,
  describe: (orderNumber: string) => string,
): BookingEvent[] {
  const events: BookingEvent[] = [];
  for (const item of order.cartItems) {
    const from = item.reservationDateFrom;
    if (item.product.typeString !== "reservation" || !from || item.cancelledAt) continue;
    const allDay = item.product.isFullDayBooking;
    const units = item.quantity > 0 ? Math.max(1, Math.round(item.effectiveQuantity / item.quantity)) : 1;
    const start = allDay ? riyadhDay(from) : new Date(from).toISOString();
    const end = allDay
      ? item.reservationDateTo
        ? riyadhDay(item.reservationDateTo)
        : addDays(start, units)
      : new Date(item.reservationDateTo ?? from).toISOString();
    const branch = item.branch;
    events.push({
      uid: `${item.id}@${store.host}`,
      title: `${item.product.name} — ${store.name}`,
      allDay,
      start,
      end,
      location: branch ? branch.address || branch.name : store.address,
      geo:
        branch?.latitude != null && branch.longitude != null ? { lat: branch.latitude, lon: branch.longitude } : null,
      description: describe(order.orderNumber ?? ""),
    });
  }
  return events;
}

const compactInstant = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/** Google Calendar's "add event" page for one booking, shown in Riyadh time. */
export function googleCalendarLink(event: BookingEvent): string {
  const dates = event.allDay
    ? `${event.start.replace(/-/g, "")}/${event.end.replace(/-/g, "")}`
    : `${compactInstant(event.start)}/${compactInstant(event.end)}`;
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates,
    details: event.description,
    ctz: "Asia/Riyadh",
  });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}
