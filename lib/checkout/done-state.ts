import type { CartDto, PaymentStatus } from "@/lib/platform-client/types";

/**
 * What the done page (/checkout/done/{cartId}, spec §2) shows. Its query parameters are hints
 * from a payment provider's redirect and are never proof of payment: the order is shown as the
 * platform has it, and a cart the platform has not completed is never shown as paid.
 */

export type DoneHint = { kind: "paid" } | { kind: "payLaterReturned"; provider: "tabby" | "tamara"; outcome: "cancel" | "failure" } | null;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.toLowerCase();

/** status=paid, or payment_method=tabby|tamara with status=cancel|failure; anything else is no hint. */
export function readDoneHint(params: Params): DoneHint {
  const status = one(params.status);
  const method = one(params.payment_method);
  if ((method === "tabby" || method === "tamara") && (status === "cancel" || status === "failure")) return { kind: "payLaterReturned", provider: method, outcome: status };
  if (status === "paid") return { kind: "paid" };
  return null;
}

/**
 * order: the platform completed the cart. payLaterReturned: not completed and the shopper came
 * back from Tabby/Tamara without paying. notReceived: not completed (a `status=paid` hint only
 * adds that confirmation may still be on its way).
 */
export type DoneView = { kind: "order" } | { kind: "payLaterReturned"; provider: "tabby" | "tamara"; outcome: "cancel" | "failure" } | { kind: "notReceived"; paidHint: boolean };

export function doneView(cart: Pick<CartDto, "status">, hint: DoneHint): DoneView {
  if (cart.status === "completed") return { kind: "order" };
  if (hint?.kind === "payLaterReturned") return hint;
  return { kind: "notReceived", paidHint: hint?.kind === "paid" };
}

/** Keys under `order.done.status`: how the order stands with its payment; a free order has nothing to pay. */
export function paymentStatusKey(cart: { paymentStatus: PaymentStatus; totalAmount: number }): "paid" | "payOnSite" | "pendingReview" | "unpaid" | "nothingDue" {
  if (cart.totalAmount <= 0) return "nothingDue";
  switch (cart.paymentStatus) {
    case "paid":
      return "paid";
    case "pay_on_site":
      return "payOnSite";
    case "pending_review":
      return "pendingReview";
    default:
      return "unpaid";
  }
}

/** Keys under `order.done.method` for the platform's payment method (MADA and VISA are both "card"). */
export function paymentMethodKey(method: CartDto["paymentMethod"]): "card" | "applePay" | "tabby" | "tamara" | "cash" | "bankTransfer" | null {
  switch (method) {
    case "MADA":
    case "VISA":
      return "card";
    case "APPLE_PAY":
      return "applePay";
    case "TABBY":
      return "tabby";
    case "TAMARA":
      return "tamara";
    case "CASH":
      return "cash";
    case "BANK_TRANSFER":
      return "bankTransfer";
    default:
      return null;
  }
}
