import { describe, expect, it } from "vitest";
import type { CartDto, CartItemDto } from "@/contract/dto/cart";
import { cartItemCount } from "./cart-count";
import { hasDeposit, totalRows } from "./cart-totals";
import { cashStayMoney } from "@/tests/helpers/order-money";

const totals = {
  subTotal: 200,
  discountAmount: 0,
  taxAmount: 30,
  fees: [] as CartDto["fees"],
  totalAmount: 230,
  depositAmount: 0,
  amountToBePaid: 230,
};
const ids = (rows: ReturnType<typeof totalRows>) => rows.map((r) => r.id);

describe("cart totals rows", () => {
  it("shows subtotal, VAT and total as the platform gave them", () => {
    const rows = totalRows(totals);
    expect(ids(rows)).toEqual(["subTotal", "tax", "total"]);
    expect(rows.map((r) => r.amount)).toEqual([200, 30, 230]);
  });

  it("adds the discount only when there is one, and every fee under its own name", () => {
    const rows = totalRows({
      ...totals,
      discountAmount: 20,
      fees: [{ name: "Delivery", amount: 15 }],
      taxAmount: 27,
      totalAmount: 222,
      amountToBePaid: 222,
    });
    expect(ids(rows)).toEqual(["subTotal", "discount", "tax", "fee-0", "total"]);
    expect(rows[1]).toMatchObject({ negative: true, amount: 20 });
    expect(rows[3]).toMatchObject({ labelKey: null, label: "Delivery", amount: 15 });
  });

  it("adds the deposit and the amount due now when a deposit applies", () => {
    const withDeposit = { ...totals, depositAmount: 69, amountToBePaid: 69 };
    expect(hasDeposit(withDeposit)).toBe(true);
    expect(ids(totalRows(withDeposit))).toEqual(["subTotal", "tax", "total", "deposit", "amountToBePaid"]);
    expect(hasDeposit(totals)).toBe(false);
  });

  // A two-night stay with a 30% deposit, ordered with cash.
  const stay = {
    ...totals,
    subTotal: 1800,
    taxAmount: 270,
    totalAmount: 2070,
    depositAmount: 621,
    amountToBePaid: 621,
  };
  const money = cashStayMoney("2026-12-10");
  // An order with nothing left to pay and no deposit of its own.
  const nothingLeft = { deposit: 0, afterDeposit: 0, remaining: 0, due: null, dueOn: null } as const;

  it("shows a placed order's deposit and what remains with when it is due, never an amount to pay now", () => {
    const rows = totalRows({ ...stay, status: "completed", money });
    expect(ids(rows)).toEqual(["subTotal", "tax", "total", "deposit", "remaining"]);
    expect(rows.at(-1)).toMatchObject({ labelKey: "totals.remaining.arrival", amount: 2070, emphasis: true });
  });

  it("shows a cancelled order's lines taken off and nothing to pay", () => {
    const cancelled = {
      ...money,
      ...nothingLeft,
      status: "cancelled",
      total: 0,
      cancelled: 2070,
    } as const;
    expect(ids(totalRows({ ...stay, status: "completed", money: cancelled }))).toEqual([
      "subTotal",
      "tax",
      "total",
      "cancelled",
    ]);
  });

  it("shows what was paid and what went back after a line was cancelled", () => {
    const partly = {
      ...money,
      ...nothingLeft,
      status: "partlyRefunded",
      total: 51.75,
      cancelled: 575,
      paid: 626.75,
      refunded: 575,
    } as const;
    const rows = totalRows({ ...totals, totalAmount: 626.75, status: "completed", money: partly });
    expect(rows.slice(-3).map((r) => [r.id, r.amount])).toEqual([
      ["cancelled", 575],
      ["paid", 626.75],
      ["refunded", 575],
    ]);
  });
});

describe("cart item count", () => {
  const line = (typeString: CartItemDto["product"]["typeString"], quantity: number) =>
    ({ quantity, product: { typeString } }) as CartItemDto;
  it("counts merchandise by quantity and each booking, subscription or gift once", () => {
    expect(cartItemCount({ cartItems: [line("merchandise", 3), line("reservation", 2), line("gift", 1)] })).toBe(5);
    expect(cartItemCount(null)).toBe(0);
    expect(cartItemCount(undefined)).toBe(0);
  });
});
