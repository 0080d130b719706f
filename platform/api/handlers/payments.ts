import { platformApi } from "@/contract/api";
import { PROVIDER_HANDLERS } from "@/payment-providers/platform";
import type { ProviderEndpoints } from "@/payment-providers/contract";
import { createLiveAttempt } from "../../payments/duplicates";
import type { PaymentOps } from "../../payments/server-part";
import { applyPaymentState, settleByProviderRef, settleCart } from "../../payments/settle";
import { handlers, ownerOf, type GroupHandlers } from "../define";

/** What a provider's handlers do through the machinery every provider shares (server-part.ts). */
const PAYMENT_OPS: PaymentOps = { createLiveAttempt, applyPaymentState };

/** Each provider's endpoints, answered by its folder's handlers (payment-providers/platform.ts). */
const providerHandlers = Object.fromEntries(
  Object.entries(PROVIDER_HANDLERS).map(([name, handle]) => [
    name,
    (ctx: Parameters<typeof handle>[0]) => handle(ctx as never, PAYMENT_OPS),
  ]),
) as GroupHandlers<ProviderEndpoints>;

export const paymentsHandlers = handlers(platformApi.payments, {
  ...providerHandlers,
  // The done page's check: the query the provider redirected with is never read.
  callback: ({ db, tenant, customer, params }) => settleCart(db, ownerOf(tenant, customer), params.cartId),
  webhook: async ({ db, tenant, webhook }) => {
    const settlement = await settleByProviderRef(db, tenant.id, webhook.provider, webhook.ref);
    // Providers only need a fast 2xx; the outcome helps whoever reads their delivery logs.
    return Response.json({ received: true, outcome: settlement.outcome }, { headers: { "cache-control": "no-store" } });
  },
});
