import { z } from "zod";
import { BankReceiptCheckoutInput } from "./checkout";

/**
 * Request bodies and queries of the online payment endpoints (issue 5), shared by the platform and
 * the storefront's payment BFF. Shapes only: whether a URL is the store's own (SP:InvalidCallbackUrl)
 * and the amount right (SP:PaymentAmountMismatch) is the platform's decision.
 */

const Url = z.string().trim().min(1).max(2000);
const Id = z.string().trim().min(1).max(200);

export const OnlineCheckoutInput = BankReceiptCheckoutInput;
export type OnlineCheckoutInput = z.output<typeof OnlineCheckoutInput>;

export const CreatePaymentInput = z.object({
  reference: Id,
  // An Apple Pay payment token is a few kilobytes of JSON text.
  token: z.string().min(1).max(20_000),
  tokenType: z.enum(["token", "applepay"]),
  callbackUrl: Url,
  description: z.string().trim().max(255).optional(),
  /** The order's details as the checkout has them; left out (spec §7's shape), the customer's saved record. */
  checkout: OnlineCheckoutInput.optional(),
});
export type CreatePaymentInput = z.output<typeof CreatePaymentInput>;

export const InitiateSessionQuery = z.object({
  callbackUrl: Url,
  /** SAR, the amount the shopper was shown; must be the amount to pay. */
  totalAmount: z.coerce.number().finite().nonnegative(),
});

export const ExecuteCartPaymentQuery = z.object({ sessionId: Id, cartId: Id, callbackUrl: Url, errorCallbackUrl: Url });
export const ExecuteCartPaymentInput = z.object({ checkout: OnlineCheckoutInput.optional() });

/** The return addresses are optional here (the shopper is not sent anywhere) but, when given, are what Tabby sees, checked like a session's. */
export const TabbyEligibilityInput = z.object({
  cartId: Id,
  success_url: Url.optional(),
  cancel_url: Url.optional(),
  failure_url: Url.optional(),
});

export const PayLaterSessionInput = z.object({
  reference: Id,
  cancel_url: Url,
  failure_url: Url,
  success_url: Url,
  checkout: OnlineCheckoutInput.optional(),
});
export type PayLaterSessionInput = z.output<typeof PayLaterSessionInput>;
