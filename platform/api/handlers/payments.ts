import { platformApi } from "@/contract/api";
import { PROVIDER_HANDLERS } from "@/payment-providers/platform";
import type { EndpointGroup, EndpointSpec } from "@/contract/endpoint";
import { createLiveAttempt } from "../../payments/duplicates";
import type { PaymentOps, ProviderHandler, ProviderHandlers } from "../../payments/server-part";
import { applyPaymentState, settleByProviderRef, settleCart } from "../../payments/settle";
import { handlers, ownerOf, type GroupHandlers, type HandlerContext } from "../define";

/** What a provider's handlers do through the machinery every provider shares (server-part.ts). */
const PAYMENT_OPS: PaymentOps = { createLiveAttempt, applyPaymentState };

/** Each provider's endpoints, answered by its folder's handlers (payment-providers/platform.ts) with the payment steps. */
function withPaymentOps<G extends EndpointGroup>(providerHandlers: ProviderHandlers<G>): GroupHandlers<G> {
  const entries = Object.entries(providerHandlers) as [string, ProviderHandler<EndpointSpec>][];
  return Object.fromEntries(
    entries.map(([name, handle]) => [name, (ctx: HandlerContext<EndpointSpec>) => handle(ctx, PAYMENT_OPS)]),
  ) as GroupHandlers<G>;
}

export const paymentsHandlers = handlers(platformApi.payments, {
  ...withPaymentOps(PROVIDER_HANDLERS),
  // The done page's check: the query the provider redirected with is never read.
  callback: ({ db, tenant, customer, params }) => settleCart(db, ownerOf(tenant, customer), params.cartId),
  webhook: async ({ db, tenant, webhook }) => {
    const settlement = await settleByProviderRef(db, tenant.id, webhook.provider, webhook.ref);
    // Providers only need a fast 2xx; the outcome helps whoever reads their delivery logs.
    return Response.json({ received: true, outcome: settlement.outcome }, { headers: { "cache-control": "no-store" } });
  },
});
