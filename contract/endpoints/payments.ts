import { z } from "zod";
import { PAYMENT_PROVIDERS } from "@/payment-providers/profiles";
import { PROVIDER_WEBHOOK_QUERY } from "@/payment-providers/contract";
import { SettlementDto } from "../dto/payments";
import { endpoint, RAW_RESPONSE } from "../endpoint";
import { CartIdParams } from "../input/ids";

/**
 * Online payments on the signed-in customer's own cart, whatever the provider: the done page's
 * check and the providers' notifications. The endpoints that start a payment are each provider's
 * (payment-providers/<name>/contract.ts), joined to this group in contract/api.ts. Webhooks carry
 * no token: each provider's signature is checked.
 */
export const payments = {
  callback: endpoint({
    method: "POST",
    path: "payment/:cartId/callback-payment",
    auth: "customer",
    summary:
      "The done page's check: settles the cart's open attempts by asking the providers (never the redirect's query)",
    params: CartIdParams,
    response: SettlementDto,
    codes: ["SP:EntityNotFound", "SP:PaymentProviderUnavailable"],
  }),
  webhook: endpoint({
    method: "POST",
    path: "payment/webhooks/:provider",
    auth: "webhook",
    summary:
      "A provider's notification: verified by its signature, then settled like a callback; answers {received, outcome}",
    params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
    query: z.object(PROVIDER_WEBHOOK_QUERY),
    body: z.unknown(),
    response: RAW_RESPONSE,
    codes: ["SP:InvalidWebhookSignature", "SP:PaymentProviderNotConfigured"],
  }),
};
