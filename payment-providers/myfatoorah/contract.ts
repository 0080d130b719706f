import { z } from "zod";
import { endpoint } from "@/contract/endpoint";
import { CartIdParams } from "@/contract/input/ids";
import { OnlineCheckoutInput, PAYMENT_START_CODES, PaymentRef, PaymentUrl } from "@/contract/payment-start";
import { defineContract, payStep } from "@/contract/provider-contract";
import { myfatoorahProfile } from "./profile";

export const InitiateSessionQuery = z.object({
  callbackUrl: PaymentUrl,
  /** SAR, the amount the shopper was shown; must be the amount to pay. */
  totalAmount: z.coerce.number().finite().nonnegative(),
});

export const ExecuteCartPaymentQuery = z.object({
  sessionId: PaymentRef,
  cartId: PaymentRef,
  callbackUrl: PaymentUrl,
  errorCallbackUrl: PaymentUrl,
});
export const ExecuteCartPaymentInput = z.object({ checkout: OnlineCheckoutInput.optional() });

/** POST payment/initiate-session/{cartId}?callbackUrl&totalAmount (totalAmount in SAR, must be the amount to pay). */
export const InitiateSessionDto = z.object({ countryCode: z.string(), sessionId: z.string() });
export type InitiateSessionDto = z.infer<typeof InitiateSessionDto>;

/** POST payment/execute-cart-payment?sessionId&cartId&callbackUrl&errorCallbackUrl, body { checkout }. */
export const ExecuteCartPaymentDto = z.object({ redirectUrl: z.string() });
export type ExecuteCartPaymentDto = z.infer<typeof ExecuteCartPaymentDto>;

const endpoints = {
  initiateSession: endpoint({
    method: "POST",
    path: "payment/initiate-session/:cartId",
    auth: "customer",
    summary: "A MyFatoorah (or rekaz-pay) embedded card form session for the amount to pay",
    params: CartIdParams,
    query: InitiateSessionQuery,
    response: InitiateSessionDto,
    codes: [...PAYMENT_START_CODES, "CREATE_PAYMENT_SESSION_ERROR"],
  }),
  executeCartPayment: endpoint({
    method: "POST",
    path: "payment/execute-cart-payment",
    auth: "customer",
    summary: "Pays the session's submitted card ⇒ the provider's 3-D Secure page",
    query: ExecuteCartPaymentQuery,
    body: ExecuteCartPaymentInput,
    response: ExecuteCartPaymentDto,
    codes: [...PAYMENT_START_CODES, "CREATE_PAYMENT_SESSION_ERROR"],
  }),
};

/** The amount the shopper was shown (SAR); the platform refuses it when it is no longer the amount to pay. */
export const MyfatoorahSessionBody = z.object({
  amount: InitiateSessionQuery.shape.totalAmount.pipe(z.number().positive()),
});

/** The session the embedded form submitted, and the order's details. */
export const MyfatoorahExecuteBody = ExecuteCartPaymentQuery.pick({ sessionId: true }).extend(
  ExecuteCartPaymentInput.shape,
);

export const myfatoorahContract = defineContract({
  profile: myfatoorahProfile,
  methods: ["MADA", "VISA"],
  endpoints,
  // rekaz-pay pays through the same steps: the store's card form setting says whose account.
  pay: {
    myfatoorah: {
      /** A session for the embedded card form, for the amount the shopper sees. */
      session: payStep(endpoints, "initiateSession", {
        body: MyfatoorahSessionBody,
        request: (ctx, body) => ({
          params: { cartId: ctx.cartId },
          query: { callbackUrl: ctx.done, totalAmount: body.amount },
        }),
      }),
      /** Pays the session the form submitted; answers the 3-D Secure page to send the shopper to. */
      execute: payStep(endpoints, "executeCartPayment", {
        body: MyfatoorahExecuteBody,
        request: (ctx, { sessionId, checkout }) => ({
          // One address for success and error: both settle on the done page.
          query: { sessionId, cartId: ctx.cartId, callbackUrl: ctx.done, errorCallbackUrl: ctx.done },
          body: { checkout },
        }),
      }),
    },
  },
});
