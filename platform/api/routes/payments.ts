import { z } from "zod";
import { route, type RouteContext } from "../router";
import { requireCustomer } from "../auth";
import { notFound, PlatformError } from "../../errors";
import { PAYMENT_PROVIDERS, type PaymentProvider } from "../../db/schema";
import { loadPaymentAccounts } from "../../providers/accounts";
import { parseSalesChannel } from "../../services/coupon-rules";
import type { OwnerScope } from "../../services/own-cart";
import type { PaymentRequest } from "../../services/payments-attempts";
import { createMoyasarSession, executeCardPayment, initiateCardSession } from "../../services/payments-create";
import { createTabbySession, createTamaraSession, tabbyEligibility } from "../../services/payments-pay-later";
import { settleCart } from "../../services/payments-settle";
import { handleWebhook } from "../../services/payments-webhooks";
import {
  CreatePaymentInput,
  ExecuteCartPaymentInput,
  ExecuteCartPaymentQuery,
  InitiateSessionQuery,
  PayLaterSessionInput,
  TabbyEligibilityInput,
} from "@/lib/validation/payment-input";

// Online payments (issue 5). Creations and the callback act on the signed-in customer's own cart
// (bearer required); webhooks carry no bearer and are verified per provider instead.

async function owner(ctx: RouteContext): Promise<OwnerScope> {
  const { customerId } = await requireCustomer(ctx);
  return { tenantId: ctx.tenant.id, customerId };
}

const request = (ctx: RouteContext): PaymentRequest => ({ channel: parseSalesChannel(ctx.req.headers.get("x-sales-channel")), locale: ctx.locale });

const queryOf = (ctx: RouteContext) => Object.fromEntries(ctx.query);

route("POST", "payment/moyasar/session", async (ctx) => {
  const scope = await owner(ctx);
  return createMoyasarSession(ctx.db, scope, CreatePaymentInput.parse(await ctx.json()), { ...request(ctx), store: ctx.tenant.name });
});

route("POST", "payment/initiate-session/:cartId", async (ctx) => {
  const scope = await owner(ctx);
  return initiateCardSession(ctx.db, scope, ctx.params.cartId, InitiateSessionQuery.parse(queryOf(ctx)), request(ctx));
});

route("POST", "payment/execute-cart-payment", async (ctx) => {
  const scope = await owner(ctx);
  const query = ExecuteCartPaymentQuery.parse(queryOf(ctx));
  const { checkout } = ExecuteCartPaymentInput.parse(await ctx.json());
  return executeCardPayment(ctx.db, scope, { ...query, checkout }, request(ctx));
});

route("POST", "tabby/test-customer-eligibility", async (ctx) => {
  const scope = await owner(ctx);
  const { cartId, ...urls } = TabbyEligibilityInput.parse(await ctx.json());
  return tabbyEligibility(ctx.db, scope, cartId, { ...request(ctx), origin: new URL(ctx.req.url).origin, urls });
});

route("POST", "tabby/session", async (ctx) => createTabbySession(ctx.db, await owner(ctx), PayLaterSessionInput.parse(await ctx.json()), request(ctx)));

route("POST", "tamara/cart-session", async (ctx) => createTamaraSession(ctx.db, await owner(ctx), PayLaterSessionInput.parse(await ctx.json()), request(ctx)));

// The done page's check: the query the provider redirected with is never read.
route("POST", "payment/:cartId/callback-payment", async (ctx) => settleCart(ctx.db, await owner(ctx), ctx.params.cartId));

const WebhookProvider = z.enum(PAYMENT_PROVIDERS);

route("POST", "payment/webhooks/:provider", async (ctx) => {
  const parsed = WebhookProvider.safeParse(ctx.params.provider);
  if (!parsed.success) throw notFound("Provider");
  const provider: PaymentProvider = parsed.data;
  const settlement = await handleWebhook(ctx.db, ctx.tenant.id, provider, { body: await ctx.json(), headers: ctx.req.headers, query: ctx.query }).catch((err: unknown) => {
    // No account with this provider here: the webhook names nothing of this store (a 404, not
    // the 503 a checkout gets), e.g. another store's webhook sent to this store's address.
    if (err instanceof PlatformError && err.code === "SP:PaymentProviderNotConfigured") throw new PlatformError(err.code, 404, err.message, err.details);
    throw err;
  });
  // Providers only need a fast 2xx; the outcome helps whoever reads their delivery logs.
  return Response.json({ received: true, outcome: settlement.outcome }, { headers: { "cache-control": "no-store" } });
});

route("GET", "payment/apple-pay/domain-association", async (ctx) => {
  const file = (await loadPaymentAccounts(ctx.db, ctx.tenant.id)).moyasar?.applePayDomainAssociation;
  if (!file) throw notFound("Apple Pay domain association");
  return new Response(file, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
});
