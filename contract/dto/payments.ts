import { z } from "zod";
import { PAYMENT_PROVIDERS } from "@/payment-providers/profiles";

/** The providers a store can hold an account with (payment-providers/profiles.ts). */
export const PaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

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

export { PayLaterSessionDto } from "../payment-start";
// Each provider's own answers are in its contract part; the storefront's provider code imports them from here.
export * from "@/payment-providers/contract";
