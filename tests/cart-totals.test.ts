import { describe, expect, it } from "vitest";
import { computeCartTotals } from "@/platform/services/cart-totals";

describe("cart totals", () => {
  it("is all zero for an empty cart", () => {
    expect(computeCartTotals([], 1.15)).toEqual({
      lines: [],
      subTotal: 0,
      discountAmount: 0,
      taxAmount: 0,
      fees: [],
      feesTotal: 0,
      totalAmount: 0,
      depositAmount: 0,
      amountToBePaid: 0,
      giftCardAmount: 0,
    });
  });
  it("multiplies price by quantity and units, with tax per line and on the total", () => {
    const t = computeCartTotals(
      [
        { unitPrice: 15000, quantity: 1, units: 3, depositPercent: null },
        { unitPrice: 6000, quantity: 2, units: 1, depositPercent: null },
      ],
      1.15,
    );
    expect(t.lines).toEqual([
      { amount: 45000, discount: 0, taxAmount: 6750, listAmount: 51750, effectiveQuantity: 3 },
      { amount: 12000, discount: 0, taxAmount: 1800, listAmount: 13800, effectiveQuantity: 2 },
    ]);
    expect(t.subTotal).toBe(57000);
    expect(t.taxAmount).toBe(8550);
    expect(t.totalAmount).toBe(65550);
    expect(t.amountToBePaid).toBe(65550);
  });

  it("gives each line its price with VAT before any discount, as the product page shows it", () => {
    const t = computeCartTotals(
      [{ unitPrice: 25000, quantity: 1, units: 1, depositPercent: null, discount: 2500 }],
      1.15,
    );
    // 250 with VAT is 287.50 whatever the coupon takes off; the line's tax follows the discount.
    expect(t.lines[0]).toMatchObject({ amount: 25000, taxAmount: 3375, listAmount: 28750 });
  });
  it("asks only the deposit of deposit lines now (resthouse 2 nights, 30%)", () => {
    const t = computeCartTotals([{ unitPrice: 90000, quantity: 1, units: 2, depositPercent: 30 }], 1.15);
    expect(t).toMatchObject({
      subTotal: 180000,
      taxAmount: 27000,
      totalAmount: 207000,
      depositAmount: 62100,
      amountToBePaid: 62100,
    });
  });
  it("adds other lines in full next to a deposit line", () => {
    const t = computeCartTotals(
      [
        { unitPrice: 90000, quantity: 1, units: 1, depositPercent: 30 },
        { unitPrice: 6000, quantity: 1, units: 1, depositPercent: null },
      ],
      1.15,
    );
    // 103500 gross × 30% = 31050 deposit; the oil is 6900 gross.
    expect(t).toMatchObject({ totalAmount: 110400, depositAmount: 31050, amountToBePaid: 37950 });
  });
  it("applies no tax when the rate is 1, and taxes the discounted amount", () => {
    expect(computeCartTotals([{ unitPrice: 1000, quantity: 1, units: 1, depositPercent: null }], 1).taxAmount).toBe(0);
    const discounted = computeCartTotals(
      [{ unitPrice: 10000, quantity: 1, units: 1, depositPercent: null }],
      1.15,
      2000,
    );
    expect(discounted).toMatchObject({ subTotal: 10000, discountAmount: 2000, taxAmount: 1200, totalAmount: 9200 });
  });
});
