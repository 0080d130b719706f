import { z } from "zod";
import { endpoint } from "@/contract/endpoint";
import {
  PAYMENT_START_CODES,
  PayLaterSessionDto,
  PayLaterSessionInput,
  PaymentRef,
  PaymentUrl,
} from "@/contract/payment-start";
import { defineContract } from "@/contract/provider-contract";
import { tabbyProfile } from "./profile";

/** The return addresses are optional here (the shopper is not sent anywhere) but, when given, are what Tabby sees, checked like a session's. */
export const TabbyEligibilityInput = z.object({
  cartId: PaymentRef,
  success_url: PaymentUrl.optional(),
  cancel_url: PaymentUrl.optional(),
  failure_url: PaymentUrl.optional(),
});

/** POST tabby/test-customer-eligibility { cartId }: the server's message (translated) when not eligible. */
export const TabbyEligibilityDto = z.object({
  eligible: z.boolean(),
  rejectionReason: z.string().nullable(),
  message: z.string().nullable(),
});
export type TabbyEligibilityDto = z.infer<typeof TabbyEligibilityDto>;

export const tabbyContract = defineContract({
  profile: tabbyProfile,
  methods: ["TABBY"],
  endpoints: {
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
  },
});
