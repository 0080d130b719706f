import type { CartDto } from "@/contract/dto/cart";

/**
 * The amount rows of the cart summary, exactly as the platform computed them (the storefront
 * never adds money up itself). `labelKey` is a key of the `cart` namespace, or null for a fee,
 * whose label is the fee's own name.
 */
export type TotalRow = {
  id: string;
  labelKey:
    | "totals.subTotal"
    | "totals.subTotalBeforeVat"
    | "totals.discount"
    | "totals.tax"
    | "totals.total"
    | "totals.deposit"
    | "totals.amountToBePaid"
    | null;
  label?: string;
  amount: number;
  /** Shown as a reduction (discount). */
  negative?: boolean;
  emphasis?: boolean;
};

type Totals = Pick<
  CartDto,
  "subTotal" | "discountAmount" | "taxAmount" | "fees" | "totalAmount" | "depositAmount" | "amountToBePaid"
>;

export function totalRows(cart: Totals): TotalRow[] {
  // The lines show prices with VAT: with VAT charged, the subtotal says it is before it.
  const rows: TotalRow[] = [
    {
      id: "subTotal",
      labelKey: cart.taxAmount > 0 ? "totals.subTotalBeforeVat" : "totals.subTotal",
      amount: cart.subTotal,
    },
  ];
  if (cart.discountAmount > 0)
    rows.push({ id: "discount", labelKey: "totals.discount", amount: cart.discountAmount, negative: true });
  rows.push({ id: "tax", labelKey: "totals.tax", amount: cart.taxAmount });
  cart.fees.forEach((fee, i) => rows.push({ id: `fee-${i}`, labelKey: null, label: fee.name, amount: fee.amount }));
  rows.push({ id: "total", labelKey: "totals.total", amount: cart.totalAmount, emphasis: true });
  if (hasDeposit(cart)) {
    rows.push({ id: "deposit", labelKey: "totals.deposit", amount: cart.depositAmount });
    rows.push({ id: "amountToBePaid", labelKey: "totals.amountToBePaid", amount: cart.amountToBePaid, emphasis: true });
  }
  return rows;
}

/** A deposit applies when some line asks for one, so less than the total is due now. */
export function hasDeposit(cart: Pick<CartDto, "depositAmount" | "amountToBePaid" | "totalAmount">): boolean {
  return cart.depositAmount > 0 && cart.amountToBePaid < cart.totalAmount;
}
