import { z } from "zod";
import {
  CreatePaymentInput,
  ExecuteCartPaymentInput,
  ExecuteCartPaymentQuery,
  InitiateSessionQuery,
  PayLaterSessionInput,
} from "@/contract/input/payments";

/**
 * The bodies of the online payment steps (pay-steps.ts): the contract's own, less what the
 * storefront adds itself — the cart (from its cookie) and the return addresses (from the request).
 * None carries card data (the browser gives the card to the provider).
 */

/** A Moyasar token id (token_…) or the stringified Apple Pay payment token, and the order's details. */
export const moyasarPayBody = CreatePaymentInput.pick({ token: true, tokenType: true, checkout: true });

/** The amount the shopper was shown (SAR); the platform refuses it when it is no longer the amount to pay. */
export const myfatoorahSessionBody = z.object({
  amount: InitiateSessionQuery.shape.totalAmount.pipe(z.number().positive()),
});

export const myfatoorahExecuteBody = ExecuteCartPaymentQuery.pick({ sessionId: true }).extend(
  ExecuteCartPaymentInput.shape,
);

export const payLaterBody = PayLaterSessionInput.pick({ checkout: true });

export type MoyasarPayBody = z.input<typeof moyasarPayBody>;
export type MyfatoorahExecuteBody = z.input<typeof myfatoorahExecuteBody>;
export type PayLaterBody = z.input<typeof payLaterBody>;
