import "server-only";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import type { BookingEvent } from "./calendar-events";

const dayArray = (day: string): DateArray => {
  const [y, m, d] = day.split("-").map(Number);
  return [y, m, d];
};

/** An iCalendar file (RFC 5545, the `ics` package) with the order's bookings. */
export function icsCalendar(events: BookingEvent[], calName: string): string {
  const attributes = events.map(
    (e): EventAttributes => ({
      uid: e.uid,
      title: e.title,
      description: e.description,
      ...(e.location ? { location: e.location } : {}),
      ...(e.geo ? { geo: e.geo } : {}),
      productId: "storefront",
      calName,
      status: "CONFIRMED",
      ...(e.allDay
        ? { start: dayArray(e.start), end: dayArray(e.end) }
        : {
            start: Date.parse(e.start),
            startInputType: "utc",
            startOutputType: "utc",
            end: Date.parse(e.end),
            endInputType: "utc",
            endOutputType: "utc",
          }),
    }),
  );
  const { error, value } = createEvents(attributes);
  if (error || value === null) throw error ?? new Error("ics: no calendar");
  return value;
}
