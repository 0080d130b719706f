import { describe, expect, it } from "vitest";
import type { CartDto, CartItemDto } from "@/contract/dto/cart";
import { cartItemCount } from "./cart-count";
import { hasDeposit, totalRows } from "./cart-totals";

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
