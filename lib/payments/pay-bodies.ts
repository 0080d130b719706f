import { z } from "zod";
import { checkoutDetailsInput } from "@/lib/validation/checkout";

/**
 * The bodies of the online payment BFF (/api/checkout/pay/*), shared by the payment step and the
 * route handlers. None carries card data (the browser gives the card to the provider) nor a
 * callback URL (the BFF builds those from the request).
 */

/** A Moyasar token id (token_…) or the stringified Apple Pay payment token (a few KB of JSON). */
export const moyasarPayBody = z.object({
  token: z.string().min(1).max(20_000),
  tokenType: z.enum(["token", "applepay"]),
  checkout: checkoutDetailsInput,
});

/** The amount the shopper was shown (SAR); the platform refuses it when it is no longer the amount to pay. */
export const myfatoorahSessionBody = z.object({ amount: z.number().finite().positive() });

export const myfatoorahExecuteBody = z.object({ sessionId: z.string().min(1).max(200), checkout: checkoutDetailsInput });

export const payLaterBody = z.object({ checkout: checkoutDetailsInput });

export type MoyasarPayBody = z.input<typeof moyasarPayBody>;
export type MyfatoorahExecuteBody = z.input<typeof myfatoorahExecuteBody>;
export type PayLaterBody = z.input<typeof payLaterBody>;
