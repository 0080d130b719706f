import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { cartItemFixture } from "@/tests/helpers/cart-item";
import { bookingEvents, googleCalendarLink } from "./calendar-events";
import { icsCalendar } from "./ics";

const line = (over: Parameters<typeof cartItemFixture>[0]) =>
  cartItemFixture({
    id: "line-1",
    reservationDateFrom: "2026-11-27T07:00:00.000Z",
    reservationDateTo: "2026-11-27T08:00:00.000Z",
    ...over,
    product: { name: "مساج استرخاء ٦٠ دقيقة", ...over?.product },
  });

const store = { name: "Rimal Wellness", address: "طريق الملك فهد، حي العليا، الرياض ١٢٢١١", host: "spa.localhost" };
const order = {
  orderNumber: "K7P2QX",
  cartItems: [
    line({}),
    line({
      id: "line-2",
      product: { name: "Rimal resthouse — by the night", typeString: "reservation", isFullDayBooking: true },
      quantity: 1,
      effectiveQuantity: 2,
      reservationDateFrom: "2026-12-03",
      reservationDateTo: "2026-12-05",
    }),
    line({
      id: "line-3",
      product: { name: "Lavender massage oil", typeString: "merchandise" },
      reservationDateFrom: null,
      reservationDateTo: null,
    }),
  ],
};

describe("an order's bookings in the shopper's calendar", () => {
  const events = bookingEvents(order, store, (n) => `Order ${n}`);

  it("makes one event per booking: a timed one in instants, a stay as whole days with the check-out day as its end", () => {
    expect(events.map((e) => [e.uid, e.allDay, e.start, e.end])).toEqual([
      ["line-1@spa.localhost", false, "2026-11-27T07:00:00.000Z", "2026-11-27T08:00:00.000Z"],
      ["line-2@spa.localhost", true, "2026-12-03", "2026-12-05"],
    ]);
  });

  it("writes an .ics that a calendar parser reads back: titles, times, the store's address, the order number", () => {
    const calendar = new ICAL.Component(ICAL.parse(icsCalendar(events, "Rimal Wellness")));
    const parsed = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(parsed).toHaveLength(2);
    const [massage, stay] = parsed;
    expect(massage.summary).toBe("مساج استرخاء ٦٠ دقيقة — Rimal Wellness");
    expect(massage.startDate.toJSDate().toISOString()).toBe("2026-11-27T07:00:00.000Z");
    expect(massage.endDate.toJSDate().toISOString()).toBe("2026-11-27T08:00:00.000Z");
    expect(massage.location).toBe(store.address);
    expect(massage.description).toBe("Order K7P2QX");
    expect(massage.uid).toBe("line-1@spa.localhost");
    expect(stay.startDate.isDate).toBe(true);
    expect([stay.startDate.toString(), stay.endDate.toString()]).toEqual(["2026-12-03", "2026-12-05"]);
  });

  it("links Google Calendar's add-event page in Riyadh time", () => {
    const url = new URL(googleCalendarLink(events[0]));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      action: "TEMPLATE",
      dates: "20261127T070000Z/20261127T080000Z",
      ctz: "Asia/Riyadh",
      location: store.address,
      text: events[0].title,
    });
    expect(new URL(googleCalendarLink(events[1])).searchParams.get("dates")).toBe("20261203/20261205");
  });
});

describe("a booking kept at one of the store's branches", () => {
  const hittin = {
    id: "hittin",
    name: "فرع حطين",
    address: "طريق الأمير محمد بن سعد، حي حطين، الرياض ١٣٥١٢",
    latitude: 24.7631,
    longitude: 46.6012,
  };
  const [event] = bookingEvents({ orderNumber: "K7P2QX", cartItems: [line({ branch: hittin })] }, store, (n) => n);

  it("puts the branch's address and map point in the .ics, not the store's address", () => {
    const calendar = new ICAL.Component(ICAL.parse(icsCalendar([event], "Rimal Wellness")));
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    expect(new ICAL.Event(vevent).location).toBe(hittin.address);
    expect(vevent.getFirstPropertyValue("geo")).toEqual([hittin.latitude, hittin.longitude]);
  });

  it("gives Google Calendar the branch's address", () => {
    expect(new URL(googleCalendarLink(event)).searchParams.get("location")).toBe(hittin.address);
  });
});
