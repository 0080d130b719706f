import { percentOf, taxOn } from "../money";
import type { CartDto } from "@/contract/dto/cart";

/**
 * Cart totals (team rule, platform only), all in halalas:
 * line amount = unit price × quantity × units; a line's discount (its package coverage and its
 * share of the coupon) comes off before tax, so tax is on the net amount, per line and on the
 * whole; deposit lines contribute round(net gross × pct / 100) and defer the rest of their gross.
 */
export type TotalsLine = {
  unitPrice: number;
  quantity: number;
  units: number;
  depositPercent: number | null;
  /** Halalas taken off this line (package coverage, coupon share); capped at the line amount. */
  discount?: number;
  /**
   * No VAT on this line: a gift card's sale is not a supply (VAT Implementing Regulations, Article
   * 14 on vouchers): VAT is charged when the card pays for goods or services.
   */
  untaxed?: boolean;
};

/**
 * `listAmount`: the line at its price with VAT, before any discount (as the product page shows
 * prices); `discount`: what was taken off it before VAT (`taxAmount` is on the rest).
 */
export type LineTotals = {
  amount: number;
  discount: number;
  taxAmount: number;
  listAmount: number;
  effectiveQuantity: number;
};

/** The CartDto's total fields, in halalas here (the DTO carries them in SAR). */
export type CartTotals = Pick<
  CartDto,
  "subTotal" | "discountAmount" | "taxAmount" | "fees" | "totalAmount" | "depositAmount" | "amountToBePaid"
> & {
  lines: LineTotals[];
  /** The fees with their VAT: what the total holds beyond the goods (a minimum order counts goods only). */
  feesTotal: number;
  /** Halalas a gift card pays of the total: a means of payment, not a discount (the VAT stays). */
  giftCardAmount: number;
};

/**
 * A delivery fee: `fee` halalas before VAT, taxed like the lines and listed among the fees under
 * `name`; none (0, still listed) once the goods come to `freeAbove` halalas with VAT.
 */
export type DeliveryCharge = { fee: number; freeAbove: number | null; name: string };

/**
 * `extraDiscount`: a discount not allocated to lines (taken off the subtotal before tax). A
 * delivery fee is paid in full now (a deposit defers only lines) and is never discounted.
 */
export function computeCartTotals(
  lines: TotalsLine[],
  taxRate: number,
  extraDiscount = 0,
  delivery: DeliveryCharge | null = null,
): CartTotals {
  const totals = lines.map((l) => {
    const amount = l.unitPrice * l.quantity * l.units;
    const discount = Math.min(Math.max(0, l.discount ?? 0), amount);
    const rate = l.untaxed ? 1 : taxRate;
    return {
      amount,
      discount,
      taxAmount: taxOn(amount - discount, rate),
      effectiveQuantity: l.quantity * l.units,
      rate,
    };
  });
  const subTotal = totals.reduce((s, l) => s + l.amount, 0);
  const lineDiscounts = totals.reduce((s, l) => s + l.discount, 0);
  const discount = Math.min(lineDiscounts + Math.max(0, extraDiscount), subTotal);
  const untaxedNet = totals.filter((l) => l.rate === 1).reduce((s, l) => s + l.amount - l.discount, 0);
  const goodsTax = taxOn(Math.max(0, subTotal - discount - untaxedNet), taxRate);
  const fees: CartTotals["fees"] = [];
  let feesTax = 0;
  if (delivery) {
    const free = delivery.freeAbove !== null && subTotal - discount + goodsTax >= delivery.freeAbove;
    const fee = free ? 0 : Math.max(0, delivery.fee);
    fees.push({ name: delivery.name, amount: fee });
    feesTax = taxOn(fee, taxRate);
  }
  const taxAmount = goodsTax + feesTax;
  const feesTotal = fees.reduce((s, f) => s + f.amount, 0) + feesTax;
  const totalAmount = subTotal - discount + taxAmount + fees.reduce((s, f) => s + f.amount, 0);
  let depositAmount = 0;
  let deferred = 0;
  lines.forEach((l, i) => {
    if (!l.depositPercent || l.depositPercent <= 0) return;
    const gross = lineGross(totals[i]);
    const deposit = lineDeposit(gross, l.depositPercent);
    depositAmount += deposit;
    deferred += gross - deposit;
  });
  return {
    lines: totals.map(({ amount, discount, taxAmount, effectiveQuantity, rate }) => ({
      amount,
      discount,
      taxAmount,
      listAmount: amount + taxOn(amount, rate),
      effectiveQuantity,
    })),
    subTotal,
    discountAmount: discount,
    taxAmount,
    fees,
    feesTotal,
    totalAmount,
    depositAmount,
    amountToBePaid: totalAmount - deferred,
    giftCardAmount: 0,
  };
}

/**
 * The totals with `available` halalas of a gift card paying first: the card pays up to the
 * total, and what is paid now (a deposit, or the whole) shrinks by what it paid.
 */
export function withGiftCard(totals: CartTotals, available: number): CartTotals {
  const giftCardAmount = Math.max(0, Math.min(available, totals.totalAmount));
  return {
    ...totals,
    giftCardAmount,
    amountToBePaid: Math.max(0, Math.min(totals.amountToBePaid, totals.totalAmount - giftCardAmount)),
  };
}

/** What the order's own means of payment (cash, a transfer, a provider) still pay: the total less the gift card's part. */
export const remainderOf = (totals: Pick<CartTotals, "totalAmount" | "giftCardAmount">) =>
  totals.totalAmount - totals.giftCardAmount;

/** A line's cost with VAT after its discount. */
export const lineGross = (l: Pick<LineTotals, "amount" | "discount" | "taxAmount">) =>
  l.amount - l.discount + l.taxAmount;

/** The deposit a line asks for (0 without a deposit percent): its share of the line's cost with VAT. */
export const lineDeposit = (gross: number, depositPercent: number | null) =>
  depositPercent && depositPercent > 0 ? percentOf(gross, Math.min(depositPercent, 100)) : 0;

/**
 * Splits `discount` halalas over lines in proportion to their `bases` (what each line still costs),
 * never more than a line's base; the halalas rounding leaves go to the first lines with room.
 */
export function allocateDiscount(discount: number, bases: number[]): number[] {
  const total = bases.reduce((s, b) => s + b, 0);
  const amount = Math.min(Math.max(0, discount), total);
  if (amount === 0) return bases.map(() => 0);
  const shares = bases.map((b) => Math.floor((amount * b) / total));
  let left = amount - shares.reduce((s, x) => s + x, 0);
  for (let i = 0; left > 0 && i < shares.length; i++) {
    const room = bases[i] - shares[i];
    const add = Math.min(room, left);
    shares[i] += add;
    left -= add;
  }
  return shares;
}
