import { percentOf, taxOn } from "../money";
import type { CartDto } from "@/lib/platform-client/types";

/**
 * Cart totals (team rule, platform only), all in halalas:
 * line amount = unit price × quantity × units; tax per line and on the whole net amount;
 * deposit lines contribute round(gross × pct / 100) and defer the rest of their gross.
 */
export type TotalsLine = { unitPrice: number; quantity: number; units: number; depositPercent: number | null };

export type LineTotals = { amount: number; taxAmount: number; effectiveQuantity: number };

/** The CartDto's total fields, in halalas here (the DTO carries them in SAR). */
export type CartTotals = Pick<CartDto, "subTotal" | "discountAmount" | "taxAmount" | "fees" | "totalAmount" | "depositAmount" | "amountToBePaid"> & {
  lines: LineTotals[];
};

export function computeCartTotals(lines: TotalsLine[], taxRate: number, discountAmount = 0): CartTotals {
  const totals = lines.map((l) => {
    const amount = l.unitPrice * l.quantity * l.units;
    return { amount, taxAmount: taxOn(amount, taxRate), effectiveQuantity: l.quantity * l.units };
  });
  const subTotal = totals.reduce((s, l) => s + l.amount, 0);
  const discount = Math.min(discountAmount, subTotal);
  const taxAmount = taxOn(subTotal - discount, taxRate);
  const fees: CartTotals["fees"] = [];
  const totalAmount = subTotal - discount + taxAmount + fees.reduce((s, f) => s + f.amount, 0);
  let depositAmount = 0;
  let deferred = 0;
  lines.forEach((l, i) => {
    if (!l.depositPercent || l.depositPercent <= 0) return;
    const gross = totals[i].amount + totals[i].taxAmount;
    const deposit = percentOf(gross, Math.min(l.depositPercent, 100));
    depositAmount += deposit;
    deferred += gross - deposit;
  });
  return { lines: totals, subTotal, discountAmount: discount, taxAmount, fees, totalAmount, depositAmount, amountToBePaid: totalAmount - deferred };
}
