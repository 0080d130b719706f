import { z } from "zod";
import { endpoint } from "@/contract/endpoint";
import { PAYMENT_START_CODES, PayLaterSessionDto, PayLaterSessionInput } from "@/contract/payment-start";
import { defineContract, payLaterStart } from "@/contract/provider-contract";
import { tamaraProfile } from "./profile";

const endpoints = {
  tamaraSession: endpoint({
    method: "POST",
    path: "tamara/cart-session",
    auth: "customer",
    summary: "Tamara's hosted checkout for the cart",
    body: PayLaterSessionInput,
    response: PayLaterSessionDto,
    codes: [...PAYMENT_START_CODES, "CREATE_TAMARA_SESSION_ERROR"],
  }),
};

export const tamaraContract = defineContract({
  profile: tamaraProfile,
  methods: ["TAMARA"],
  endpoints,
  pay: {
    tamara: {
      /** Tamara's hosted checkout for the cart: answers {checkout_url}. */
      start: payLaterStart(endpoints, "tamaraSession", "tamara"),
    },
  },
  // Tamara sends its notification token here or as a bearer token.
  webhookQuery: { tamaraToken: z.string().max(4000).optional() },
});
