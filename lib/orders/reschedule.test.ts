import { describe, expect, it } from "vitest";
import { cartItemFixture } from "@/tests/helpers/cart-item";
import { canCancel, canReschedule } from "./reschedule";

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

  it("offers a stay until the window closes before its first night (midnight in Riyadh); leaves hourly bookings and other kinds to the store", () => {
    const early = start - 100 * HOUR;
    const stay = {
      ...slot,
      reservationDateFrom: "2026-12-01",
      reservationDateTo: "2026-12-03",
      product: { ...slot.product, isFullDayBooking: true },
    };
    const firstNight = Date.parse("2026-12-01T00:00:00+03:00");
    expect(canReschedule(stay, 12, firstNight - 12 * HOUR)).toBe(true);
    expect(canReschedule(stay, 12, firstNight - 12 * HOUR + 1)).toBe(false);
    expect(canReschedule({ ...slot, product: { ...slot.product, isVariableDuration: true } }, 12, early)).toBe(false);
    expect(
      canReschedule(
        { ...slot, product: { ...slot.product, typeString: "merchandise" }, reservationDateFrom: null },
        12,
        early,
      ),
    ).toBe(false);
  });
});

describe("canCancel", () => {
  it("offers any booking not cancelled yet until the store's cancellation window closes", () => {
    expect(canCancel(slot, 24, start - 24 * HOUR)).toBe(true);
    expect(canCancel(slot, 24, start - 24 * HOUR + 1)).toBe(false);
    expect(canCancel(slot, null, start - 100 * HOUR)).toBe(false);
    expect(
      canCancel({ ...slot, cancelledAt: new Date(start - 200 * HOUR).toISOString() }, 24, start - 100 * HOUR),
    ).toBe(false);
    expect(canCancel({ ...slot, product: { ...slot.product, isVariableDuration: true } }, 24, start - 100 * HOUR)).toBe(
      true,
    );
    expect(
      canReschedule({ ...slot, cancelledAt: new Date(start - 200 * HOUR).toISOString() }, 12, start - 100 * HOUR),
    ).toBe(false);
  });
});
