import { describe, expect, it } from "vitest";
import { allocateDiscount, computeCartTotals } from "@/platform/services/cart-totals";
import {
  checkCouponAudience,
  checkCouponCart,
  checkCouponWindow,
  couponLineDiscounts,
  parseSalesChannel,
  type CouponRow,
} from "@/platform/services/coupon-rules";
import { computeCoverage, type PackageRow } from "@/platform/services/packages";
import { checkPaymentMethod } from "@/platform/services/checkout-rules";
import { newOrderNumber } from "@/platform/services/complete-order";
import { PlatformError } from "@/platform/errors";

const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: "c1",
  tenantId: "t1",
  code: "X",
  kind: "percentage",
  value: 10,
  isActive: true,
  startsAt: null,
  endsAt: null,
  minCartAmount: null,
  maxUsage: null,
  perCustomerUsage: null,
  usageCount: 0,
  productIds: null,
  customerIds: null,
  channel: "both",
  createdAt: new Date(0),
  ...over,
});

const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as PlatformError).code;
  }
};

describe("totals with discounts", () => {
  it("taxes each line and the whole after its discount, never below zero", () => {
    const t = computeCartTotals(
      [
        { unitPrice: 25000, quantity: 1, units: 1, depositPercent: null, discount: 2500 },
        { unitPrice: 6000, quantity: 2, units: 1, depositPercent: null, discount: 99_999 },
      ],
      1.15,
    );
    expect(t.lines).toEqual([
      { amount: 25000, discount: 2500, taxAmount: 3375, listAmount: 28750, effectiveQuantity: 1 },
      { amount: 12000, discount: 12000, taxAmount: 0, listAmount: 13800, effectiveQuantity: 2 },
    ]);
    expect(t).toMatchObject({
      subTotal: 37000,
      discountAmount: 14500,
      taxAmount: 3375,
      totalAmount: 25875,
      amountToBePaid: 25875,
    });
  });

  it("takes the deposit of what a deposit line costs after its discount", () => {
    // Resthouse 2 nights (1800) with 50 off: net 1750, gross 2012.50, deposit 30% = 603.75.
    const t = computeCartTotals(
      [{ unitPrice: 90000, quantity: 1, units: 2, depositPercent: 30, discount: 5000 }],
      1.15,
    );
    expect(t).toMatchObject({
      subTotal: 180000,
      discountAmount: 5000,
      taxAmount: 26250,
      totalAmount: 201250,
      depositAmount: 60375,
      amountToBePaid: 60375,
    });
  });

  it("shares a discount over lines by their amounts, whole halalas, none above its line", () => {
    expect(allocateDiscount(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(allocateDiscount(200, [300, 0, 100])).toEqual([150, 0, 50]);
    expect(allocateDiscount(5000, [300, 100])).toEqual([300, 100]);
    expect(allocateDiscount(0, [300])).toEqual([0]);
    const shares = allocateDiscount(999, [333, 333, 334]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(999);
  });
});

describe("coupon math and rules", () => {
  const lines = [
    { productId: "massage", base: 25000 },
    { productId: "oil", base: 12000 },
  ];
  it("takes a percentage or a fixed amount off the applicable lines only", () => {
    expect(couponLineDiscounts(coupon({ value: 10 }), lines)).toEqual([2500, 1200]);
    expect(couponLineDiscounts(coupon({ value: 20, productIds: ["oil"] }), lines)).toEqual([0, 2400]);
    expect(couponLineDiscounts(coupon({ kind: "fixed", value: 5000 }), lines).reduce((a, b) => a + b)).toBe(5000);
    expect(couponLineDiscounts(coupon({ kind: "fixed", value: 1_000_000, productIds: ["oil"] }), lines)).toEqual([
      0, 12000,
    ]);
    expect(couponLineDiscounts(coupon({ value: 150 }), lines)).toEqual([25000, 12000]);
    expect(couponLineDiscounts(coupon({ kind: "fixed", value: -5 }), lines)).toEqual([0, 0]);
  });

  it("answers each window, audience and cart rule's code", () => {
    const now = new Date("2030-01-10T12:00:00Z");
    expect(codeOf(() => checkCouponWindow(coupon(), now))).toBeNull();
    expect(codeOf(() => checkCouponWindow(coupon({ isActive: false }), now))).toBe("SP:CouponIsNotActive");
    expect(codeOf(() => checkCouponWindow(coupon({ startsAt: new Date("2030-02-01") }), now))).toBe(
      "SP:CouponIsNotActive",
    );
    expect(codeOf(() => checkCouponWindow(coupon({ endsAt: now }), now))).toBe("SP:CouponExpired");
    expect(codeOf(() => checkCouponAudience(coupon({ channel: "mobile" }), "me", "website"))).toBe(
      "SP:CouponOnlyForMobileApp",
    );
    expect(codeOf(() => checkCouponAudience(coupon({ channel: "website" }), "me", "mobile"))).toBe(
      "SP:CouponOnlyForWebsite",
    );
    expect(codeOf(() => checkCouponAudience(coupon({ customerIds: ["you"] }), "me", "website"))).toBe(
      "SP:CustomerNotApplicableForCoupon",
    );
    expect(codeOf(() => checkCouponAudience(coupon({ customerIds: [] }), "me", "website"))).toBeNull();
    expect(codeOf(() => checkCouponCart(coupon({ productIds: ["gift"] }), lines, 37000))).toBe(
      "SP:CouponNotApplicable",
    );
    expect(codeOf(() => checkCouponCart(coupon({ minCartAmount: 40000 }), lines, 37000))).toBe(
      "SP:CouponMinimumCartAmountNotMet",
    );
    expect(codeOf(() => checkCouponCart(coupon({ minCartAmount: 37000 }), lines, 37000))).toBeNull();
  });

  it("reads the sales channel header: website by default, mobile, else a validation error", () => {
    expect(parseSalesChannel(null)).toBe("website");
    expect(parseSalesChannel(" Mobile ")).toBe("mobile");
    expect(codeOf(() => parseSalesChannel("kiosk"))).toBe("SP:ValidationError");
  });
});

describe("package coverage", () => {
  const pkg = (id: string, remainingSessions: number, covers = ["massage"]): PackageRow => ({
    id,
    nameAr: "باقة",
    nameEn: "Bundle",
    totalSessions: 10,
    remainingSessions,
    coversProductIds: covers,
  });
  const line = (id: string, sessions: number, productId = "massage", isReservation = true) => ({
    id,
    productId,
    isReservation,
    sessions,
  });

  it("covers whole reservation lines in order while sessions last, first package first", () => {
    const c = computeCoverage(
      [line("a", 2), line("b", 2), line("c", 1), line("oil", 1, "oil", false), line("pool", 1, "pool")],
      [pkg("p1", 3), pkg("p2", 2)],
    );
    expect([...c.byItem]).toEqual([
      ["a", "p1"],
      ["b", "p2"],
      ["c", "p1"],
    ]);
    expect([...c.uses]).toEqual([
      ["p1", 3],
      ["p2", 2],
    ]);
  });

  it("covers nothing without sessions or a matching product", () => {
    expect(computeCoverage([line("a", 1)], []).byItem.size).toBe(0);
    expect(computeCoverage([line("a", 3)], [pkg("p1", 2)]).byItem.size).toBe(0);
    expect(computeCoverage([line("a", 1)], [pkg("p1", 5, ["pool"])]).byItem.size).toBe(0);
  });
});

describe("payment method and order number", () => {
  const settings = { cashEnabled: "True", bankTransferEnabled: "True" };
  const paid = { totalAmount: 10000, depositAmount: 0 };
  it("allows enabled methods, cash for a zero total, and no cash for a deposit when disableCODForDeposit is set", () => {
    expect(codeOf(() => checkPaymentMethod(settings, "CASH", paid))).toBeNull();
    expect(codeOf(() => checkPaymentMethod(settings, "BANK_TRANSFER", paid))).toBeNull();
    expect(codeOf(() => checkPaymentMethod({ cashEnabled: "true" }, "CASH", paid))).toBe("SP:PaymentMethodNotAllowed");
    expect(codeOf(() => checkPaymentMethod({}, "CASH", { totalAmount: 0, depositAmount: 0 }))).toBeNull();
    expect(codeOf(() => checkPaymentMethod(settings, "BANK_TRANSFER", { totalAmount: 0, depositAmount: 0 }))).toBe(
      "SP:PaymentMethodNotAllowed",
    );
    expect(codeOf(() => checkPaymentMethod({ bankTransferEnabled: "False" }, "BANK_TRANSFER", paid))).toBe(
      "SP:PaymentMethodNotAllowed",
    );
    const deposit = { totalAmount: 20000, depositAmount: 6000 };
    expect(codeOf(() => checkPaymentMethod(settings, "CASH", deposit))).toBeNull();
    expect(codeOf(() => checkPaymentMethod({ ...settings, disableCODForDeposit: "True" }, "CASH", deposit))).toBe(
      "SP:PaymentMethodNotAllowed",
    );
    expect(
      codeOf(() => checkPaymentMethod({ ...settings, disableCODForDeposit: "True" }, "BANK_TRANSFER", deposit)),
    ).toBeNull();
  });

  it("makes 6-character order numbers without look-alike characters", () => {
    const numbers = Array.from({ length: 500 }, newOrderNumber);
    for (const n of numbers) expect(n).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(new Set(numbers).size).toBeGreaterThan(495);
  });
});
