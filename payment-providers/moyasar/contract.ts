import { z } from "zod";
import { endpoint, RAW_RESPONSE } from "@/contract/endpoint";
import { OnlineCheckoutInput, PAYMENT_START_CODES, PaymentRef, PaymentUrl } from "@/contract/payment-start";
import { defineContract, payStep } from "@/contract/provider-contract";
import { moyasarProfile } from "./profile";

/** POST payment/moyasar/session: a browser-made card token or an Apple Pay payment token, for the cart `reference`. */
export const CreatePaymentInput = z.object({
  reference: PaymentRef,
  // An Apple Pay payment token is a few kilobytes of JSON text.
  token: z.string().min(1).max(20_000),
  tokenType: z.enum(["token", "applepay"]),
  callbackUrl: PaymentUrl,
  description: z.string().trim().max(255).optional(),
  /** The order's details as the checkout has them; left out (spec §7's shape), the customer's saved record. */
  checkout: OnlineCheckoutInput.optional(),
});
export type CreatePaymentInput = z.output<typeof CreatePaymentInput>;

/**
 * initiated ⇒ send the shopper to redirectUrl (3-D Secure). paid ⇒ the order is already complete
 * (Apple Pay). failed ⇒ failureReason is spec §8's reason (e.g. INSUFFICIENT_FUNDS),
 * errorMessageCode the code whose message to show.
 */
export const CreatePaymentDto = z.object({
  paymentId: z.string().nullable(),
  status: z.enum(["initiated", "paid", "failed"]),
  redirectUrl: z.string().nullable(),
  errorMessageCode: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type CreatePaymentDto = z.infer<typeof CreatePaymentDto>;

const endpoints = {
  moyasarSession: endpoint({
    method: "POST",
    path: "payment/moyasar/session",
    auth: "customer",
    summary: "A Moyasar payment from a browser-made card token (⇒ 3-D Secure) or an Apple Pay token (⇒ paid or failed)",
    body: CreatePaymentInput,
    response: CreatePaymentDto,
    codes: [...PAYMENT_START_CODES, "CREATE_PAYMENT_SESSION_ERROR"],
  }),
  applePayDomainAssociation: endpoint({
    method: "GET",
    path: "payment/apple-pay/domain-association",
    auth: "public",
    summary: "The store's Apple Pay domain-association file (served at /.well-known/…)",
    response: RAW_RESPONSE,
    codes: ["SP:EntityNotFound"],
  }),
};

/** A Moyasar token id (token_…, made by the browser) or the stringified Apple Pay payment token, and the order's details. */
export const MoyasarPayBody = CreatePaymentInput.pick({ token: true, tokenType: true, checkout: true });

export const moyasarContract = defineContract({
  profile: moyasarProfile,
  methods: ["MADA", "VISA", "APPLE_PAY"],
  endpoints,
  pay: {
    moyasar: {
      /** The token ⇒ the payment: initiated (3-D Secure page), paid (Apple Pay: the order is complete) or failed. */
      start: payStep(endpoints, "moyasarSession", {
        body: MoyasarPayBody,
        request: (ctx, body) => ({
          body: { ...body, reference: ctx.cartId, callbackUrl: ctx.done, description: ctx.storeName },
        }),
        completes: (answer) => answer.status === "paid",
      }),
    },
  },
});
