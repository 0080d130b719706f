import { afterAll, beforeAll, expect, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import type { TenantInfo } from "@/platform/api/router";
import type { Db } from "@/platform/db/client";
import {
  carts,
  paymentAttempts,
  payments,
  products,
  tenantPaymentAccounts,
  type PaymentAccounts,
  type PaymentProvider,
} from "@/platform/db/schema";
import { gatewayOf } from "@/platform/payments/gateways";
import { pressSandboxButton } from "@/platform/sandbox";
import { startSandboxServer } from "@/platform/sandbox/node-server";
import { SPA_PAYMENT_ACCOUNTS } from "@/platform/seed/demo-payments";
import { libraryV1Signature, v1PaymentWebhook } from "./myfatoorah-library";
import type { AddCartItemBody } from "@/contract/input/cart";
import type {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  SettlementDto,
} from "@/contract/dto/payments";
import type { PayLaterSessionInput } from "@/contract/input/payments";
import { checkoutApi, shoppersWithCarts, type Shopper, type ShopperCart } from "./checkout";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";
import { DEMO, demoProduct } from "./demo-catalog";
import type { TestDb } from "./test-db";

/**
 * Online payment suites: the provider sandboxes on a local node:http server stand in for the
 * providers (spa's accounts point at it), and every call goes through the platform's router.
 */
export function paymentsHarness(t: () => TestDb) {
  const api = checkoutApi(() => t().db);
  let sandbox: Awaited<ReturnType<typeof startSandboxServer>> | undefined;
  beforeAll(async () => {
    sandbox = await startSandboxServer(t().db);
    await pointAccountsAt(t().db, t().spa, sandbox.origin);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const running = () => {
    if (!sandbox) throw new Error("The sandbox server is not running yet");
    return sandbox;
  };
  const origin = () => running().origin;
  /** Every request the providers' sandboxes received so far ("POST /sandbox/moyasar/v1/payments"). */
  const sandboxRequests = () => running().requests;
  const db = () => t().db;
  const spa = () => t().spa;

  /** A browser-made Moyasar card token (publishable key), as the card form makes it. */
  async function cardToken(number: string): Promise<string> {
    const res = await fetch(`${origin()}/sandbox/moyasar/v1/tokens`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("pk_test_rimal_sandbox:").toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        name: "Test Shopper",
        number,
        month: "12",
        year: String(new Date().getFullYear() + 2),
        cvc: "123",
        callback_url: "http://spa.localhost/",
        save_only: false,
      }),
    });
    const body = (await res.json()) as { id?: string };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.id!;
  }

  // The store's own origin for the host (on this server's PORT), the only one a provider may return to.
  const doneUrl = (cartId: string, host = "spa.localhost") => `${siteOriginOf(host, env())}/checkout/done/${cartId}`;
  const checkout = (s: Shopper) => ({
    customer: { name: " Test Shopper ", mobileNumber: s.mobileNumber },
    bookingNotes: "Online",
  });

  /** A fresh shopper's cart with `quantity` jars of bath salts (plenty of stock). */
  async function saltsCart(quantity = 1, extra: AddCartItemBody[] = []) {
    const salts = await demoProduct(db(), spa().id, DEMO.salts);
    return api.cartWith(spa(), [{ productId: salts.id, priceId: salts.priceId, quantity }, ...extra]);
  }

  /**
   * The suites' clock is frozen (and PGlite's now() follows it): a second passes before each new
   * payment, so that attempts have the order in which the shopper made them, as in real life.
   */
  const tick = () => vi.setSystemTime(new Date(Date.now() + 1000));

  const payMoyasar = (
    s: Shopper,
    cartId: string,
    over: { token?: string; tokenType?: "token" | "applepay"; callbackUrl?: string } = {},
  ) =>
    tick() &&
    api.call<CreatePaymentDto>(spa(), "POST", "payment/moyasar/session", {
      token: s.token,
      body: {
        reference: cartId,
        token: over.token ?? "",
        tokenType: over.tokenType ?? "token",
        callbackUrl: over.callbackUrl ?? doneUrl(cartId),
        checkout: checkout(s),
      },
    });

  const callback = (s: Shopper, cartId: string, query = "") =>
    api.call<SettlementDto>(spa(), "POST", `payment/${cartId}/callback-payment${query}`, { token: s.token });

  const payLaterBody = (
    s: Shopper,
    cartId: string,
    method: "tabby" | "tamara",
    host = "spa.localhost",
  ): PayLaterSessionInput => {
    const done = `${doneUrl(cartId, host)}?payment_method=${method}`;
    return {
      reference: cartId,
      success_url: done,
      cancel_url: `${done}&status=cancel`,
      failure_url: `${done}&status=failure`,
      checkout: checkout(s),
    };
  };

  /** The shopper pressing a button on a hosted page; answers where the browser goes next. */
  const press = (pageUrl: string, action: string) => pressSandboxButton(db(), pageUrl, action);

  const paymentsOf = (cartId: string) => db().select().from(payments).where(eq(payments.cartId, cartId));
  const attemptsOf = (cartId: string) => db().select().from(paymentAttempts).where(eq(paymentAttempts.cartId, cartId));
  const cartRow = async (cartId: string) => (await db().select().from(carts).where(eq(carts.id, cartId)))[0];
  const stockOf = async (productId: string) =>
    (await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0].stock;

  return {
    api,
    origin,
    sandboxRequests,
    tick,
    cardToken,
    doneUrl,
    checkout,
    saltsCart,
    payMoyasar,
    callback,
    payLaterBody,
    press,
    paymentsOf,
    attemptsOf,
    cartRow,
    stockOf,
  };
}

/** Points every account of the tenant at the sandbox server (a base URL of its own, as a self-hosted fake). */
export async function pointAccountsAt(
  db: Db,
  tenant: TenantInfo,
  origin: string,
  base: PaymentAccounts = SPA_PAYMENT_ACCOUNTS,
): Promise<void> {
  const accounts: PaymentAccounts = {};
  for (const [provider, account] of Object.entries(base) as [
    PaymentProvider,
    NonNullable<PaymentAccounts[PaymentProvider]>,
  ][]) {
    accounts[provider] = { ...account, baseUrl: `${origin}${gatewayOf(provider).api.sandboxPath}` };
  }
  await db
    .insert(tenantPaymentAccounts)
    .values({ tenantId: tenant.id, accounts })
    .onConflictDoUpdate({ target: tenantPaymentAccounts.tenantId, set: { accounts } });
}

/** The attempt of a cart's payment by the provider's id (e.g. for a webhook's body). */
export async function attemptByRef(db: Db, tenantId: string, providerRef: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.tenantId, tenantId), eq(paymentAttempts.providerRef, providerRef)));
  return row;
}

export type PaymentsHarness = ReturnType<typeof paymentsHarness>;

/** A payment the shopper completed at the provider (not yet settled by the platform) and its attempt. */
export type PaidAtProvider = ShopperCart & { provider: PaymentProvider; attemptId: string; providerRef: string };

/** A webhook's answer: its status and JSON body. */
export type WebhookAnswer = { status: number; body: unknown };

/**
 * Each provider's journey up to the shopper coming back paid — through the platform's routes and
 * the provider's sandbox: Moyasar card and 3-D Secure; MyFatoorah or rekaz-pay embedded card,
 * execute and 3-D Secure (the tenant's card provider must be that one); Tabby or Tamara hosted
 * page approved — and that provider's webhook about it, verified as the provider signs it.
 */
export function providerPayments(p: PaymentsHarness, t: () => TestDb) {
  const spa = () => t().spa;
  const secret = (provider: PaymentProvider) => SPA_PAYMENT_ACCOUNTS[provider]!.webhookSecret!;

  async function cardAtMyFatoorah({ shopper, cartId }: ShopperCart): Promise<string> {
    const cart = (await p.api.call(spa(), "GET", `cart/${cartId}`, { token: shopper.token })).data!;
    const initiated = await p.api.call<InitiateSessionDto>(
      spa(),
      "POST",
      `payment/initiate-session/${cartId}?${new URLSearchParams({ callbackUrl: p.doneUrl(cartId), totalAmount: String(cart.amountToBePaid) })}`,
      {
        token: shopper.token,
      },
    );
    expect(initiated.error).toBeUndefined();
    const { sessionId } = initiated.data!;
    const card = {
      sessionId,
      name: "Test Shopper",
      number: "4111111111111111",
      month: "12",
      year: String(new Date().getFullYear() + 2),
      cvc: "123",
    };
    const framed = await fetch(`${p.origin()}/sandbox/myfatoorah/cardview/v1/card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(card),
    });
    expect(framed.status, await framed.clone().text()).toBe(200);
    p.tick();
    const urls = new URLSearchParams({
      sessionId,
      cartId,
      callbackUrl: p.doneUrl(cartId),
      errorCallbackUrl: p.doneUrl(cartId),
    });
    const executed = await p.api.call<ExecuteCartPaymentDto>(spa(), "POST", `payment/execute-cart-payment?${urls}`, {
      token: shopper.token,
      body: { checkout: p.checkout(shopper) },
    });
    expect(executed.error).toBeUndefined();
    return executed.data!.redirectUrl;
  }

  /** Where the provider's page sends the shopper to pay (the button to press there, and its page). */
  async function providerPage(
    provider: PaymentProvider,
    entry: ShopperCart,
  ): Promise<{ page: string; action: string }> {
    const { shopper, cartId } = entry;
    switch (provider) {
      case "moyasar": {
        const created = await p.payMoyasar(shopper, cartId, { token: await p.cardToken("4111111111111111") });
        expect(created.error).toBeUndefined();
        return { page: created.data!.redirectUrl!, action: "authenticate" };
      }
      case "myfatoorah":
      case "rekaz-pay":
        return { page: await cardAtMyFatoorah(entry), action: "authenticate" };
      case "tabby":
      case "tamara": {
        p.tick();
        const path = provider === "tabby" ? "tabby/session" : "tamara/cart-session";
        const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", path, {
          token: shopper.token,
          body: p.payLaterBody(shopper, cartId, provider),
        });
        expect(created.error).toBeUndefined();
        return { page: created.data!.checkout_url, action: "approve" };
      }
    }
  }

  /** The shopper's cart paid at `provider`, back from its page; the attempt still pending here. */
  async function paidAt(provider: PaymentProvider, entry: ShopperCart): Promise<PaidAtProvider> {
    const { page, action } = await providerPage(provider, entry);
    await p.press(page, action);
    const [attempt] = await p.attemptsOf(entry.cartId);
    expect(attempt).toMatchObject({ provider, state: "pending" });
    return { ...entry, provider, attemptId: attempt.id, providerRef: attempt.providerRef! };
  }

  /** The provider's notification that the payment changed, as that provider sends and signs it. */
  async function webhook(paid: PaidAtProvider): Promise<WebhookAnswer> {
    const { provider, providerRef, attemptId, cartId } = paid;
    let body: unknown;
    let headers: Record<string, string> = {};
    let query = "";
    switch (provider) {
      case "moyasar":
        body = {
          id: crypto.randomUUID(),
          type: "payment_paid",
          secret_token: secret(provider),
          live: false,
          data: { id: providerRef },
        };
        break;
      case "myfatoorah":
      case "rekaz-pay": {
        const event = v1PaymentWebhook(Number(providerRef), cartId);
        body = event;
        headers = {
          "MyFatoorah-Signature": libraryV1Signature(event.Data, secret(provider)),
          "MyFatoorah-Webhook-Version": "v1",
        };
        break;
      }
      case "tabby":
        body = { id: providerRef, status: "authorized", order: { reference_id: attemptId } };
        headers = { "x-webhook-secret": secret(provider) };
        break;
      case "tamara": {
        const jwt = await new SignJWT({ iss: "Tamara" })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setIssuedAt()
          .sign(new TextEncoder().encode(secret(provider)));
        body = { order_id: providerRef, order_reference_id: attemptId, event_type: "order_approved", data: {} };
        query = `?tamaraToken=${jwt}`;
        break;
      }
    }
    const res = await p.api.call(spa(), "POST", `payment/webhooks/${provider}${query}`, { body, headers });
    return { status: res.status, body: await res.res.json() };
  }

  /** One new shopper's order of one `product`, paid by card at Moyasar and settled (its tax invoice issued). */
  async function paidOrderOf(product: { id: string; priceId: string }): Promise<PaidAtProvider> {
    const [entry] = await shoppersWithCarts(t().db, spa(), 1, () => ({
      productId: product.id,
      priceId: product.priceId,
      quantity: 1,
    }));
    const paid = await paidAt("moyasar", entry);
    expect((await p.callback(paid.shopper, paid.cartId)).data?.outcome).toBe("paid");
    return paid;
  }

  return { paidAt, webhook, paidOrderOf };
}
