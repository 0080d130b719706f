import type { CartDto } from "@/contract/dto/cart";
import type { SettlementDto } from "@/contract/dto/payments";
import { PAY_LATER, type PayLaterProvider } from "@/payment-providers/profiles";
import { payLaterOf } from "./payment-methods";
import { paymentErrorMessageKey } from "./payment-errors";

/**
 * What the done page (/checkout/done/{cartId}, spec §2) shows. Its query parameters are hints
 * from a payment provider's redirect and are never proof of payment: the order is shown as the
 * platform has it, and a cart the platform has not completed is never shown as paid.
 */

export type DoneHint =
  | { kind: "paid" }
  | { kind: "payLaterReturned"; provider: PayLaterProvider; outcome: "cancel" | "failure" }
  | null;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.toLowerCase();

/** A pay-later provider by the name it returns under (payment_method), or null. */
const payLaterProvider = (name: string | null | undefined): PayLaterProvider | null =>
  PAY_LATER.find((p) => p.provider === name)?.provider ?? null;

/** status=paid, or payment_method={a pay-later provider} with status=cancel|failure; anything else is no hint. */
export function readDoneHint(params: Params): DoneHint {
  const status = one(params.status);
  const provider = payLaterProvider(one(params.payment_method));
  if (provider && (status === "cancel" || status === "failure"))
    return { kind: "payLaterReturned", provider, outcome: status };
  if (status === "paid") return { kind: "paid" };
  return null;
}

/**
 * order: the platform completed the cart. failed: the online payment was refused (reasonKey is the
 * message key of spec §8's reason). refused: the money was taken but the order could not be
 * completed (stock gone, amount changed): the store follows up. payLaterReturned: the shopper came
 * back from a pay-later provider without paying. notReceived: not completed, nothing settled (paidHint:
 * a payment may still be confirming, so the page offers to check again).
 */
export type DoneView =
  | { kind: "order" }
  | { kind: "failed"; reasonKey: string }
  | { kind: "refused" }
  | { kind: "payLaterReturned"; provider: PayLaterProvider; outcome: "cancel" | "failure" }
  | { kind: "notReceived"; paidHint: boolean };

/** What the platform's callback-payment answered for the cart (null: not asked, or it could not answer). */
export type Settlement = Pick<SettlementDto, "outcome" | "provider" | "failureReason" | "errorMessageCode"> | null;

/** The message key of a refused payment's reason: spec §8's reasons, else an SP code's message, else the generic card failure. */
export function failureMessageKey(code: string | null | undefined): string {
  const key = paymentErrorMessageKey(code);
  return key === "errors.unknown" || key === "errors.network" ? "order.paymentError.reasons.unknown" : key;
}

export function doneView(cart: Pick<CartDto, "status">, hint: DoneHint, settlement: Settlement = null): DoneView {
  if (cart.status === "completed") return { kind: "order" };
  const outcome = settlement?.outcome ?? "none";
  const payLater = payLaterProvider(settlement?.provider) ?? (hint?.kind === "payLaterReturned" ? hint.provider : null);
  if (outcome === "refused") return { kind: "refused" };
  if ((outcome === "failed" || outcome === "cancelled") && payLater) {
    return {
      kind: "payLaterReturned",
      provider: payLater,
      outcome:
        outcome === "cancelled" || (hint?.kind === "payLaterReturned" && hint.outcome === "cancel")
          ? "cancel"
          : "failure",
    };
  }
  if (outcome === "failed" || outcome === "cancelled") {
    return { kind: "failed", reasonKey: failureMessageKey(settlement?.errorMessageCode ?? settlement?.failureReason) };
  }
  // Back through a pay-later provider's cancel or failure address: their payment is not going ahead, even while still open there.
  if (hint?.kind === "payLaterReturned") return hint;
  return { kind: "notReceived", paidHint: hint?.kind === "paid" || outcome === "pending" };
}

/** Keys under `order.done.method` for the platform's payment method (MADA and VISA are both "card"). */
/**
 * How the done page names an order's method: nothing was charged on a zero total (a package paid
 * for it, or nothing was due), so not the "cash" flow that completed it; else its payment method.
 */
export function orderMethodKey(
  cart: Pick<CartDto, "totalAmount" | "hasPackageDiscounts" | "paymentMethod">,
): ReturnType<typeof paymentMethodKey> | "package" | "nothingDue" {
  if (cart.totalAmount <= 0) return cart.hasPackageDiscounts ? "package" : "nothingDue";
  return paymentMethodKey(cart.paymentMethod);
}

export function paymentMethodKey(
  method: CartDto["paymentMethod"],
): "card" | "applePay" | PayLaterProvider | "cash" | "bankTransfer" | null {
  const payLater = method ? payLaterOf(method) : null;
  if (payLater) return payLater.provider;
  switch (method) {
    case "MADA":
    case "VISA":
      return "card";
    case "APPLE_PAY":
      return "applePay";
    case "CASH":
      return "cash";
    case "BANK_TRANSFER":
      return "bankTransfer";
    default:
      return null;
  }
}
