import { z } from "zod";
import { endpoint } from "@/contract/endpoint";
import { PAYMENT_START_CODES, PayLaterSessionDto, PayLaterSessionInput } from "@/contract/payment-start";
import { defineContract } from "@/contract/provider-contract";
import { tamaraProfile } from "./profile";

export const tamaraContract = defineContract({
  profile: tamaraProfile,
  methods: ["TAMARA"],
  endpoints: {
    tamaraSession: endpoint({
      method: "POST",
      path: "tamara/cart-session",
      auth: "customer",
      summary: "Tamara's hosted checkout for the cart",
      body: PayLaterSessionInput,
      response: PayLaterSessionDto,
      codes: [...PAYMENT_START_CODES, "CREATE_TAMARA_SESSION_ERROR"],
    }),
  },
  // Tamara sends its notification token here or as a bearer token.
  webhookQuery: { tamaraToken: z.string().max(4000).optional() },
});
