import { z } from "zod";
import { endpoint } from "@/contract/endpoint";
import {
  PAYMENT_START_CODES,
  PayLaterSessionDto,
  PayLaterPrecheckDto,
  PayLaterSessionInput,
  payLaterReturnUrls,
  PaymentRef,
  PaymentUrl,
} from "@/contract/payment-start";
import { defineContract, payLaterStart, payStep } from "@/contract/provider-contract";
import { tabbyProfile } from "./profile";

/** The return addresses are optional here (the shopper is not sent anywhere) but, when given, are what Tabby sees, checked like a session's. */
export const TabbyEligibilityInput = z.object({
  cartId: PaymentRef,
  success_url: PaymentUrl.optional(),
  cancel_url: PaymentUrl.optional(),
  failure_url: PaymentUrl.optional(),
});

/** POST tabby/test-customer-eligibility { cartId }: the server's message (translated) when not eligible. */
export const TabbyEligibilityDto = PayLaterPrecheckDto;
export type TabbyEligibilityDto = PayLaterPrecheckDto;

const endpoints = {
  tabbyEligibility: endpoint({
    method: "POST",
    path: "tabby/test-customer-eligibility",
    auth: "customer",
    summary: "Tabby's pre-check for the customer and the cart (its refusal translated)",
    body: TabbyEligibilityInput,
    response: TabbyEligibilityDto,
    codes: [...PAYMENT_START_CODES, "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR"],
  }),
  tabbySession: endpoint({
    method: "POST",
    path: "tabby/session",
    auth: "customer",
    summary: "Tabby's hosted checkout for the cart",
    body: PayLaterSessionInput,
    response: PayLaterSessionDto,
    codes: [...PAYMENT_START_CODES, "SP:TabbyNotEligible", "CREATE_TABBY_SESSION_ERROR"],
  }),
};

export const tabbyContract = defineContract({
  profile: tabbyProfile,
  methods: ["TABBY"],
  endpoints,
  pay: {
    tabby: {
      /** Tabby's hosted checkout for the cart: answers {checkout_url}. */
      start: payLaterStart(endpoints, "tabbySession", "tabby"),
      /** Whether Tabby would approve this cart for this customer (asked when the methods show). */
      eligibility: payStep(endpoints, "tabbyEligibility", {
        body: z.object({}),
        request: (ctx) => ({ body: { cartId: ctx.cartId, ...payLaterReturnUrls(ctx.done, "tabby") } }),
      }),
    },
  },
});
