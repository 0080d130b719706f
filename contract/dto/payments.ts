import { z } from "zod";

/** The providers a store can hold an account with (rekaz-pay speaks MyFatoorah's API). */
export const PAYMENT_PROVIDERS = ["moyasar", "myfatoorah", "rekaz-pay", "tabby", "tamara"] as const;
export const PaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/**
 * POST payment/moyasar/session. initiated ⇒ send the shopper to redirectUrl (3-D Secure). paid ⇒
 * the order is already complete (Apple Pay). failed ⇒ failureReason is spec §8's reason (e.g.
 * INSUFFICIENT_FUNDS), errorMessageCode the code whose message to show.
 */
export const CreatePaymentDto = z.object({
  paymentId: z.string().nullable(),
  status: z.enum(["initiated", "paid", "failed"]),
  redirectUrl: z.string().nullable(),
  errorMessageCode: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type CreatePaymentDto = z.infer<typeof CreatePaymentDto>;

/** POST payment/initiate-session/{cartId}?callbackUrl&totalAmount (totalAmount in SAR, must be the amount to pay). */
export const InitiateSessionDto = z.object({ countryCode: z.string(), sessionId: z.string() });
export type InitiateSessionDto = z.infer<typeof InitiateSessionDto>;

/** POST payment/execute-cart-payment?sessionId&cartId&callbackUrl&errorCallbackUrl, body { checkout }. */
export const ExecuteCartPaymentDto = z.object({ redirectUrl: z.string() });
export type ExecuteCartPaymentDto = z.infer<typeof ExecuteCartPaymentDto>;

/** POST tabby/test-customer-eligibility { cartId }: the server's message (translated) when not eligible. */
export const TabbyEligibilityDto = z.object({
  eligible: z.boolean(),
  rejectionReason: z.string().nullable(),
  message: z.string().nullable(),
});
export type TabbyEligibilityDto = z.infer<typeof TabbyEligibilityDto>;

/** POST tabby/session and tamara/cart-session. */
export const PayLaterSessionDto = z.object({ checkout_url: z.string() });
export type PayLaterSessionDto = z.infer<typeof PayLaterSessionDto>;

/**
 * POST payment/{cartId}/callback-payment: settles the cart's open payment attempts by asking each
 * provider (the query the provider redirected with is never trusted). Same answer on every call.
 * none ⇒ nothing was ever tried online for this cart.
 */
export const SettlementDto = z.object({
  outcome: z.enum(["paid", "pending", "failed", "cancelled", "refused", "none"]),
  provider: PaymentProvider.nullable(),
  failureReason: z.string().nullable(),
  errorMessageCode: z.string().nullable(),
  /** Riyals given back automatically for a second payment of the same order (another tab, an abandoned 3-D Secure page), or null. */
  duplicateRefund: z.number().nullable(),
});
export type SettlementDto = z.infer<typeof SettlementDto>;
