import { payments } from "@/contract/endpoints/payments";
import { notFound } from "../../errors";
import { loadPaymentAccounts } from "../../payments/accounts";
import { PAYMENT_PROVIDERS } from "../../payments/registry";
import { settleByProviderRef, settleCart } from "../../payments/settle";
import { handlers, type Caller, type TenantInfo } from "../define";

const owner = (tenant: TenantInfo, customer: Caller) => ({ tenantId: tenant.id, customerId: customer.customerId });

export const paymentsHandlers = handlers(payments, {
  // One endpoint for Moyasar's card tokens and Apple Pay tokens (spec §7); the token says which.
  moyasarSession: ({ db, tenant, customer, channel, locale, body }) =>
    PAYMENT_PROVIDERS[body.tokenType === "applepay" ? "apple-pay" : "moyasar-card"].start(
      db,
      owner(tenant, customer),
      body,
      { channel, locale, store: tenant.name },
    ),
  // The embedded card form; whose account (MyFatoorah's or rekaz-pay's) is the store's setting.
  initiateSession: ({ db, tenant, customer, channel, locale, params, query }) =>
    PAYMENT_PROVIDERS.myfatoorah.start(db, owner(tenant, customer), params.cartId, query, { channel, locale }),
  executeCartPayment: ({ db, tenant, customer, channel, locale, query, body }) =>
    PAYMENT_PROVIDERS.myfatoorah.execute(
      db,
      owner(tenant, customer),
      { ...query, checkout: body.checkout },
      { channel, locale },
    ),
  tabbyEligibility: ({ db, tenant, customer, channel, locale, origin, body: { cartId, ...urls } }) =>
    PAYMENT_PROVIDERS.tabby.eligibility(db, owner(tenant, customer), cartId, { channel, locale, origin, urls }),
  tabbySession: ({ db, tenant, customer, channel, locale, body }) =>
    PAYMENT_PROVIDERS.tabby.start(db, owner(tenant, customer), body, { channel, locale }),
  tamaraSession: ({ db, tenant, customer, channel, locale, body }) =>
    PAYMENT_PROVIDERS.tamara.start(db, owner(tenant, customer), body, { channel, locale }),
  // The done page's check: the query the provider redirected with is never read.
  callback: ({ db, tenant, customer, params }) => settleCart(db, owner(tenant, customer), params.cartId),
  webhook: async ({ db, tenant, webhook }) => {
    const settlement = await settleByProviderRef(db, tenant.id, webhook.provider, webhook.ref);
    // Providers only need a fast 2xx; the outcome helps whoever reads their delivery logs.
    return Response.json({ received: true, outcome: settlement.outcome }, { headers: { "cache-control": "no-store" } });
  },
  applePayDomainAssociation: async ({ db, tenant }) => {
    const file = (await loadPaymentAccounts(db, tenant.id)).moyasar?.applePayDomainAssociation;
    if (!file) throw notFound("Apple Pay domain association");
    return new Response(file, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
    });
  },
});
