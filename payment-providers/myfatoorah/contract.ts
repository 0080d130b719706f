import { z } from "zod";
import { endpoint } from "@/contract/endpoint";
import { CartIdParams } from "@/contract/input/ids";
import { OnlineCheckoutInput, PAYMENT_START_CODES, PaymentRef, PaymentUrl } from "@/contract/payment-start";
import { defineContract } from "@/contract/provider-contract";
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

export const myfatoorahContract = defineContract({
  profile: myfatoorahProfile,
  methods: ["MADA", "VISA"],
  endpoints: {
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
  },
});
