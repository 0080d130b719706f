import { describe, expect, it } from "vitest";
import { cartItemFixture } from "@/tests/helpers/cart-item";
import { canReschedule } from "./reschedule";

const HOUR = 3600_000;
const start = Date.parse("2026-12-01T07:00:00.000Z");
const slot = cartItemFixture({ reservationDateFrom: new Date(start).toISOString() });

describe("canReschedule", () => {
  it("offers a fixed-slot booking until the store's window closes, and nothing where the store takes no changes online", () => {
    expect(canReschedule(slot, 12, start - 13 * HOUR)).toBe(true);
    expect(canReschedule(slot, 12, start - 12 * HOUR)).toBe(true);
    expect(canReschedule(slot, 12, start - 12 * HOUR + 1)).toBe(false);
    expect(canReschedule(slot, 0, start + 1)).toBe(false);
    expect(canReschedule(slot, null, start - 100 * HOUR)).toBe(false);
  });

  it("leaves stays, hourly bookings and other kinds to the store", () => {
    const early = start - 100 * HOUR;
    expect(canReschedule({ ...slot, product: { ...slot.product, isFullDayBooking: true } }, 12, early)).toBe(false);
    expect(canReschedule({ ...slot, product: { ...slot.product, isVariableDuration: true } }, 12, early)).toBe(false);
    expect(canReschedule({ ...slot, product: { ...slot.product, typeString: "merchandise" }, reservationDateFrom: null }, 12, early)).toBe(false);
  });
});
