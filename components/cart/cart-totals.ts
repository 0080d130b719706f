import type { CartDto, DueMoment, OrderMoneyDto } from "@/contract/dto/cart";

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
    | "totals.giftCard"
    | "totals.cancelled"
    | "totals.paid"
    | "totals.refunded"
    | `totals.remaining.${DueMoment}`
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
> & { status?: string; money?: OrderMoneyDto; giftCard?: CartDto["giftCard"] };

/**
 * The rows of a cart, or of a placed order: its amounts as placed, then its money as the platform
 * counts it now (cancelled lines, the deposit, paid, refunded, and what remains with when it is
 * due), never "to pay now", which only a cart being paid has.
 */
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
  // A gift card pays part of the total (a means of payment: the total and its VAT stay as they are).
  const card = cart.giftCard && cart.giftCard.amount > 0 ? cart.giftCard : null;
  if (card) rows.push({ id: "giftCard", labelKey: "totals.giftCard", amount: card.amount, negative: true });
  if (cart.status === "completed" && cart.money) return [...rows, ...moneyRows(cart.money)];
  if (hasDeposit(cart) || card) {
    if (hasDeposit(cart)) rows.push({ id: "deposit", labelKey: "totals.deposit", amount: cart.depositAmount });
    rows.push({ id: "amountToBePaid", labelKey: "totals.amountToBePaid", amount: cart.amountToBePaid, emphasis: true });
  }
  return rows;
}

function moneyRows(money: OrderMoneyDto): TotalRow[] {
  const rows: TotalRow[] = [];
  if (money.cancelled > 0)
    rows.push({ id: "cancelled", labelKey: "totals.cancelled", amount: money.cancelled, negative: true });
  if (money.deposit > 0 && money.remaining > 0)
    rows.push({ id: "deposit", labelKey: "totals.deposit", amount: money.deposit });
  if (money.paid > 0) rows.push({ id: "paid", labelKey: "totals.paid", amount: money.paid });
  if (money.refunded > 0)
    rows.push({ id: "refunded", labelKey: "totals.refunded", amount: money.refunded, negative: true });
  if (money.remaining > 0 && money.due)
    rows.push({ id: "remaining", labelKey: `totals.remaining.${money.due}`, amount: money.remaining, emphasis: true });
  return rows;
}

/** A deposit applies when some line asks for one, so less than the total is due now. */
export function hasDeposit(cart: Pick<CartDto, "depositAmount" | "amountToBePaid" | "totalAmount">): boolean {
  return cart.depositAmount > 0 && cart.amountToBePaid < cart.totalAmount;
}

/**
 * The cart as its own means of payment see it: a gift card's part taken off the total, so that
 * the methods offered, the amount on the Pay button and the total the shopper confirms
 * (checkout.expectedTotal) are what is left to pay.
 */
export function payingCart<C extends Pick<CartDto, "totalAmount" | "giftCard">>(cart: C): C {
  if (!cart.giftCard) return cart;
  return { ...cart, totalAmount: Math.round((cart.totalAmount - cart.giftCard.amount) * 100) / 100 };
}
