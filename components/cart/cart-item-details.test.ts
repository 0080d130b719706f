import { describe, expect, it } from "vitest";
import { cartItemFixture } from "@/tests/helpers/cart-item";
import {
  describeCartItem,
  everyLineFits,
  formatCartDay,
  itemUnits,
  lineFit,
  quantityStepper,
  riyadhDay,
} from "./cart-item-details";

const NOW = new Date("2026-11-21T09:00:00Z");

const item = cartItemFixture;

const byKey = (details: ReturnType<typeof describeCartItem>) => Object.fromEntries(details.map((d) => [d.key, d]));

describe("cart item details", () => {
  it("shows a fixed slot's Riyadh date and time range, and the seats when more than one", () => {
    const slot = item({
      quantity: 2,
      effectiveQuantity: 2,
      reservationDateFrom: "2026-11-22T07:00:00.000Z",
      reservationDateTo: "2026-11-22T08:00:00.000Z",
    });
    const d = byKey(describeCartItem(slot, "en", NOW));
    expect(d.date.value).toBe("Sun 22 Nov");
    expect(d.time.value.replace(/\s/g, " ")).toBe("10:00 AM – 11:00 AM");
    expect(d.seats).toMatchObject({ count: 2, value: "2" });
    expect(d.hours).toBeUndefined();
    expect(byKey(describeCartItem({ ...slot, quantity: 1, effectiveQuantity: 1 }, "en", NOW)).seats).toBeUndefined();
  });

  it("takes the Riyadh day, not the UTC one, for a slot just after midnight", () => {
    const late = item({
      reservationDateFrom: "2026-11-22T21:30:00.000Z",
      reservationDateTo: "2026-11-22T22:30:00.000Z",
    });
    expect(byKey(describeCartItem(late, "en", NOW)).date.value).toBe("Mon 23 Nov");
  });

  it("shows a variable-duration booking's start and hours", () => {
    const pool = item({
      effectiveQuantity: 3,
      product: { isVariableDuration: true },
      reservationDateFrom: "2026-11-22T12:00:00.000Z",
      reservationDateTo: "2026-11-22T15:00:00.000Z",
    });
    const d = byKey(describeCartItem(pool, "en", NOW));
    expect(d.time.value.replace(/\s/g, " ")).toBe("3:00 PM – 6:00 PM");
    expect(d.hours).toMatchObject({ count: 3, value: "3" });
  });

  it("shows no length where the store hides durations: a start time, no hours", () => {
    const pool = item({
      effectiveQuantity: 3,
      product: { isVariableDuration: true },
      reservationDateFrom: "2026-11-22T12:00:00.000Z",
      reservationDateTo: "2026-11-22T15:00:00.000Z",
    });
    const d = byKey(describeCartItem(pool, "en", NOW, { hideDuration: true }));
    expect(d.time.value.replace(/\s/g, " ")).toBe("3:00 PM");
    expect(d.hours).toBeUndefined();
    const slot = item({
      reservationDateFrom: "2026-11-22T07:00:00.000Z",
      reservationDateTo: "2026-11-22T08:00:00.000Z",
    });
    expect(byKey(describeCartItem(slot, "en", NOW, { hideDuration: true })).time.value.replace(/\s/g, " ")).toBe(
      "10:00 AM",
    );
  });

  it("names the specialist, 'any' before one is assigned, and the branch", () => {
    const slot = item({
      reservationDateFrom: "2026-11-22T07:00:00.000Z",
      reservationDateTo: "2026-11-22T08:00:00.000Z",
    });
    expect(byKey(describeCartItem(slot, "en", NOW)).specialist).toBeUndefined();
    expect(byKey(describeCartItem({ ...slot, anySpecialist: true }, "en", NOW)).specialist).toEqual({
      key: "specialist",
      value: "",
      any: true,
    });
    const named = byKey(
      describeCartItem(
        {
          ...slot,
          specialist: { id: "s", name: "Reem" },
          branch: { id: "b", name: "Hittin", address: "", latitude: null, longitude: null },
        },
        "en",
        NOW,
      ),
    );
    expect(named.specialist).toEqual({ key: "specialist", value: "Reem", any: false });
    expect(named.branch).toEqual({ key: "branch", value: "Hittin" });
  });

  it("shows a full-day stay ending the day before the exclusive end, with its nights", () => {
    const stay = item({
      effectiveQuantity: 3,
      product: { isFullDayBooking: true },
      reservationDateFrom: "2026-12-01",
      reservationDateTo: "2026-12-04",
    });
    const d = byKey(describeCartItem(stay, "en", NOW));
    expect(d.stay.value).toBe("Tue 1 Dec – Thu 3 Dec");
    expect(d.nights).toMatchObject({ count: 3, value: "3" });
  });

  it("reads full-day dates given as instants at Riyadh midnight, and a one-night stay as one day", () => {
    const stay = item({
      product: { isFullDayBooking: true },
      reservationDateFrom: "2026-11-30T21:00:00.000Z",
      reservationDateTo: "2026-12-01T21:00:00.000Z",
    });
    const d = byKey(describeCartItem(stay, "en", NOW));
    expect(d.stay.value).toBe("Tue 1 Dec");
    expect(d.nights).toMatchObject({ count: 1 });
  });

  it("writes Arabic dates and counts in Arabic-Indic digits", () => {
    const stay = item({
      effectiveQuantity: 2,
      product: { isFullDayBooking: true },
      reservationDateFrom: "2026-12-01",
      reservationDateTo: "2026-12-03",
    });
    const d = byKey(describeCartItem(stay, "ar", NOW));
    expect(d.stay.value).toContain("١");
    expect(d.stay.value).toContain("٢");
    expect(d.nights.value).toBe("٢");
  });

  it("adds the year only for another year", () => {
    expect(formatCartDay("2026-12-01", "en", NOW)).toBe("Tue 1 Dec");
    expect(formatCartDay("2027-01-05", "en", NOW)).toBe("Tue, 5 Jan 2027");
  });

  it("shows a subscription's start date", () => {
    const sub = item({ product: { typeString: "subscription" }, subscriptionStartDate: "2026-12-01" });
    expect(describeCartItem(sub, "en", NOW)).toEqual([{ key: "startDate", value: "Tue 1 Dec" }]);
  });

  it("shows a gift's theme and recipient, and the buyer only when asked to", () => {
    const gift = item({
      product: { typeString: "gift" },
      giftDetails: {
        theme: "birthday",
        themeName: "Birthday",
        themeColor: "#f59e0b",
        toName: "Sara",
        fromName: "Omar",
        showBuyerInfo: false,
      },
    });
    expect(describeCartItem(gift, "en", NOW)).toEqual([
      { key: "giftTheme", value: "Birthday", color: "#f59e0b" },
      { key: "giftTo", value: "Sara" },
    ]);
    const signed = { ...gift, giftDetails: { ...gift.giftDetails!, showBuyerInfo: true } };
    expect(byKey(describeCartItem(signed, "en", NOW)).giftFrom.value).toBe("Omar");
  });

  it("leaves merchandise to its quantity stepper", () => {
    const oil = item({ quantity: 2, effectiveQuantity: 2, product: { typeString: "merchandise" } });
    expect(describeCartItem(oil, "en", NOW)).toEqual([]);
    expect(quantityStepper(oil)).toEqual({ kind: "quantity", max: null });
    expect(quantityStepper({ ...oil, available: 3 })).toEqual({ kind: "quantity", max: 3 });
  });

  it("gives a fixed-slot booking a people stepper within the seats left at its time, and nothing else one", () => {
    const slot = item({
      reservationDateFrom: "2026-11-22T07:00:00.000Z",
      reservationDateTo: "2026-11-22T08:00:00.000Z",
      available: 4,
    });
    expect(quantityStepper(slot)).toEqual({ kind: "seats", max: 4 });
    // One seat at its time and one held: nothing to step.
    expect(quantityStepper({ ...slot, available: 1 })).toBeNull();
    // Two held and room for one now: the stepper stays so that it can come down.
    expect(quantityStepper({ ...slot, quantity: 2, available: 1 })).toEqual({ kind: "seats", max: 1 });
    expect(quantityStepper({ ...slot, product: { ...slot.product, isVariableDuration: true } })).toBeNull();
    expect(quantityStepper({ ...slot, product: { ...slot.product, isFullDayBooking: true } })).toBeNull();
    expect(quantityStepper(item({ product: { typeString: "gift" }, available: null }))).toBeNull();
  });

  it("flags a line that no longer fits: fewer left than it holds, or none", () => {
    expect(lineFit({ quantity: 2, available: null })).toEqual({ state: "fits" });
    expect(lineFit({ quantity: 2, available: 2 })).toEqual({ state: "fits" });
    expect(lineFit({ quantity: 3, available: 2 })).toEqual({ state: "short", available: 2 });
    expect(lineFit({ quantity: 1, available: 0 })).toEqual({ state: "gone" });
    expect(
      everyLineFits([
        { quantity: 1, available: null },
        { quantity: 1, available: 1 },
      ]),
    ).toBe(true);
    expect(
      everyLineFits([
        { quantity: 1, available: null },
        { quantity: 1, available: 0 },
      ]),
    ).toBe(false);
  });

  it("derives units and Riyadh days", () => {
    expect(itemUnits({ quantity: 2, effectiveQuantity: 6 })).toBe(3);
    expect(itemUnits({ quantity: 1, effectiveQuantity: 1 })).toBe(1);
    expect(riyadhDay("2026-11-22")).toBe("2026-11-22");
    expect(riyadhDay("2026-11-21T21:00:00.000Z")).toBe("2026-11-22");
  });
});
