import { z } from "zod";
import { ORDER_RULES } from "./endpoints/checkout";
import { BankReceiptCheckoutInput } from "./input/checkout";

/**
 * What the payment providers' start endpoints (payment-providers/<name>/contract.ts) build on:
 * the codes every start may answer, the fields of their requests, and the pay-later session both
 * pay-later providers take and answer (spec §7: "same"). Shapes only: whether a URL is the store's
 * own (SP:InvalidCallbackUrl) and the amount right (SP:PaymentAmountMismatch) is the platform's
 * decision.
 */

/**
 * Each start validates the cart first (the first failing rule's code), computes the amount itself
 * and talks to the provider, whose account may be missing or silent.
 */
export const PAYMENT_START_CODES = [
  ...ORDER_RULES,
  "SP:PaymentProviderNotConfigured",
  "SP:PaymentProviderUnavailable",
  "SP:InvalidCallbackUrl",
  "SP:PaymentAmountMismatch",
] as const;

/** A return address (callback, error, success, cancel or failure URL). */
export const PaymentUrl = z.string().trim().min(1).max(2000);
/** A cart, session or payment reference. */
export const PaymentRef = z.string().trim().min(1).max(200);

/** The order's details as the checkout has them; left out (spec §7's shapes), the customer's saved record. */
export const OnlineCheckoutInput = BankReceiptCheckoutInput;
export type OnlineCheckoutInput = z.output<typeof OnlineCheckoutInput>;

/** A pay-later provider's hosted checkout for the cart `reference`, returning to the three addresses. */
export const PayLaterSessionInput = z.object({
  reference: PaymentRef,
  cancel_url: PaymentUrl,
  failure_url: PaymentUrl,
  success_url: PaymentUrl,
  checkout: OnlineCheckoutInput.optional(),
});
export type PayLaterSessionInput = z.output<typeof PayLaterSessionInput>;

/** Where to send the shopper: the provider's hosted checkout. */
export const PayLaterSessionDto = z.object({ checkout_url: z.string() });
export type PayLaterSessionDto = z.infer<typeof PayLaterSessionDto>;

/**
 * A pay-later provider's answer to whether it would take the cart from the customer (its
 * profile's precheck): its message, already in the request's language, when it would not.
 */
export const PayLaterPrecheckDto = z.object({
  eligible: z.boolean(),
  rejectionReason: z.string().nullable(),
  message: z.string().nullable(),
});
export type PayLaterPrecheckDto = z.infer<typeof PayLaterPrecheckDto>;

/** A pay-later step's body: the order's details; the cart and the return addresses are the storefront's. */
export const PayLaterStepBody = PayLaterSessionInput.pick({ checkout: true });
export type PayLaterStepBody = z.input<typeof PayLaterStepBody>;

/**
 * A pay-later provider's return addresses: the done page naming the provider, with how the
 * shopper left (spec §2: payment_method={provider}&status=cancel|failure).
 */
export function payLaterReturnUrls(done: string, provider: string) {
  const base = `${done}?payment_method=${provider}`;
  return { success_url: base, cancel_url: `${base}&status=cancel`, failure_url: `${base}&status=failure` };
}
