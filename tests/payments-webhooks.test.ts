import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import {
  libraryV1Signature,
  libraryV2Signature,
  v1PaymentWebhook,
  v2PaymentWebhook,
} from "./helpers/myfatoorah-library";
import type { PayLaterSessionDto } from "@/contract/dto/payments";
import { describeEachDb } from "./helpers/test-db";
import { withSettings } from "./helpers/checkout";
import { attemptByRef, paymentsHarness, pointAccountsAt, providerPayments } from "./helpers/payments";
import { SPA_PAYMENT_ACCOUNTS } from "@/platform/seed/demo-payments";

type WebhookAnswer = { status: number; body: { received?: boolean; outcome?: string; error?: { code: string } } };

describeEachDb("payments: provider webhooks", (t) => {
  const p = paymentsHarness(t);
  const spa = () => t().spa;

  async function webhook(
    provider: string,
    body: unknown,
    opts: { headers?: Record<string, string>; query?: string } = {},
  ): Promise<WebhookAnswer> {
    const res = await p.api.call(spa(), "POST", `payment/webhooks/${provider}${opts.query ?? ""}`, {
      body,
      headers: opts.headers,
    });
    return { status: res.status, body: (await res.res.json()) as WebhookAnswer["body"] };
  }
  const moyasarEvent = (paymentId: string, secret = "whsec_moyasar_rimal") => ({
    id: crypto.randomUUID(),
    type: "payment_paid",
    created_at: new Date().toISOString(),
    secret_token: secret,
    account_name: "rimal",
    live: false,
    data: { id: paymentId, status: "paid", amount: 1 },
  });

  /** A card payment waiting for 3-D Secure, then (optionally) authenticated at the provider. */
  async function moyasarPayment(authenticate = true) {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    if (authenticate) await p.press(created.data!.redirectUrl!, "authenticate");
    return { shopper, cart, paymentId: created.data!.paymentId! };
  }

  it("Moyasar: a verified webhook settles by asking Moyasar; a wrong or missing secret is 401; an unknown payment is none", async () => {
    const { cart, paymentId } = await moyasarPayment();
    expect(await webhook("moyasar", moyasarEvent(paymentId, "whsec_wrong"))).toMatchObject({
      status: 401,
      body: { error: { code: "SP:InvalidWebhookSignature" } },
    });
    const unsigned: Partial<ReturnType<typeof moyasarEvent>> = moyasarEvent(paymentId);
    delete unsigned.secret_token;
    expect((await webhook("moyasar", unsigned)).status).toBe(401);
    expect((await p.cartRow(cart.id)).status).toBe("active");

    expect(await webhook("moyasar", moyasarEvent(paymentId))).toEqual({
      status: 200,
      body: { received: true, outcome: "paid" },
    });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "VISA" });
    // Delivered again: the same answer, nothing more recorded.
    expect(await webhook("moyasar", moyasarEvent(paymentId))).toEqual({
      status: 200,
      body: { received: true, outcome: "paid" },
    });
    expect(await p.paymentsOf(cart.id)).toHaveLength(1);
    expect(await webhook("moyasar", moyasarEvent("0b5c6a3e-0000-4000-8000-000000000000"))).toEqual({
      status: 200,
      body: { received: true, outcome: "none" },
    });
  });

  it("Moyasar: the sandbox's own notification, registered through its webhooks API, is accepted as Moyasar sends it and settles", async () => {
    const seen: { type: string; secret_token: string; data: { id: string; status: string } }[] = [];
    const receiver = createServer((req, res) => {
      let text = "";
      req.on("data", (d) => (text += d));
      req.on("end", () => {
        seen.push(JSON.parse(text));
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const registered = await fetch(`${p.origin()}/sandbox/moyasar/v1/webhooks`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from("sk_test_rimal_sandbox:").toString("base64")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ url, shared_secret: "whsec_moyasar_rimal", events: ["payment_paid"] }),
      });
      expect(registered.status).toBe(201);
      const { cart, paymentId } = await moyasarPayment();
      await vi.waitFor(() => expect(seen.map((e) => e.data.id)).toContain(paymentId), { timeout: 5000 });
      const event = seen.find((e) => e.data.id === paymentId)!;
      expect(event).toMatchObject({
        type: "payment_paid",
        secret_token: "whsec_moyasar_rimal",
        data: { status: "paid" },
      });
      expect(await webhook("moyasar", event)).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
      expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed" });
    } finally {
      receiver.close();
    }
  });

  it("Moyasar: a webhook saying paid for a payment the bank has not confirmed completes nothing", async () => {
    const { cart, paymentId } = await moyasarPayment(false);
    expect(await webhook("moyasar", moyasarEvent(paymentId))).toEqual({
      status: 200,
      body: { received: true, outcome: "pending" },
    });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "active", paymentStatus: "unpaid" });
    expect(await p.paymentsOf(cart.id)).toEqual([]);
  });

  it("MyFatoorah and rekaz-pay: the Data's HMAC signature with each account's own secret", async () => {
    for (const [provider, secret] of [
      ["myfatoorah", "whsec_myfatoorah_rimal"],
      ["rekaz-pay", "whsec_rekaz_rimal"],
    ] as const) {
      const restore = await withSettings(t().db, spa(), { onlinePaymentProvider: provider });
      try {
        const { shopper, cart } = await p.saltsCart();
        const query = new URLSearchParams({
          callbackUrl: p.doneUrl(cart.id),
          totalAmount: String(cart.amountToBePaid),
        });
        const session = (
          await p.api.call<{ sessionId: string }>(spa(), "POST", `payment/initiate-session/${cart.id}?${query}`, {
            token: shopper.token,
          })
        ).data!;
        await fetch(`${p.origin()}/sandbox/myfatoorah/cardview/v1/card`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            sessionId: session.sessionId,
            name: "Test Shopper",
            number: "4111111111111111",
            month: "12",
            year: String(new Date().getFullYear() + 2),
            cvc: "123",
          }),
        });
        const exec = new URLSearchParams({
          sessionId: session.sessionId,
          cartId: cart.id,
          callbackUrl: p.doneUrl(cart.id),
          errorCallbackUrl: p.doneUrl(cart.id),
        });
        const { redirectUrl } = (
          await p.api.call<{ redirectUrl: string }>(spa(), "POST", `payment/execute-cart-payment?${exec}`, {
            token: shopper.token,
            body: { checkout: p.checkout(shopper) },
          })
        ).data!;
        await p.press(redirectUrl, "authenticate");
        const [attempt] = await p.attemptsOf(cart.id);
        // Signed as MyFatoorah's library signs it: the Data fields in case-insensitive key order.
        const body = v1PaymentWebhook(Number(attempt.providerRef), cart.id);
        const signed = (data: Record<string, unknown>, key: string = secret) => ({
          headers: { "MyFatoorah-Signature": libraryV1Signature(data, key), "MyFatoorah-Webhook-Version": "v1" },
        });
        const tampered = { ...body, Data: { ...body.Data, InvoiceValueInBaseCurrency: 1 } };
        expect((await webhook(provider, tampered, signed(body.Data))).status).toBe(401);
        expect((await webhook(provider, body, signed(body.Data, "whsec_other"))).status).toBe(401);
        expect(await webhook(provider, body, signed(body.Data))).toEqual({
          status: 200,
          body: { received: true, outcome: "paid" },
        });
        expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "VISA" });
      } finally {
        await restore();
      }
    }
  });

  it("MyFatoorah webhook version 2: PAYMENT_STATUS_CHANGED signed over its documented data model", async () => {
    const restore = await withSettings(t().db, spa(), { onlinePaymentProvider: "myfatoorah" });
    try {
      const { shopper, cart } = await p.saltsCart();
      await providerPayments(p, t).paidAt("myfatoorah", { shopper, cartId: cart.id });
      const [attempt] = await p.attemptsOf(cart.id);
      const body = v2PaymentWebhook(Number(attempt.providerRef), cart.id);
      const v2 = (key: string) => ({
        headers: { "MyFatoorah-Signature": libraryV2Signature(1, body.Data, key), "MyFatoorah-Webhook-Version": "v2" },
      });
      expect((await webhook("myfatoorah", body, v2("whsec_other"))).status).toBe(401);
      expect(await webhook("myfatoorah", body, v2("whsec_myfatoorah_rimal"))).toEqual({
        status: 200,
        body: { received: true, outcome: "paid" },
      });
      expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed" });
    } finally {
      await restore();
    }
  });

  it("Tabby: the secret under the header title the merchant registered (X-Webhook-Secret unless the account names another)", async () => {
    const tabbyPaid = async () => {
      const { shopper, cart } = await p.saltsCart();
      const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", "tabby/session", {
        token: shopper.token,
        body: p.payLaterBody(shopper, cart.id, "tabby"),
      });
      await p.press(created.data!.checkout_url, "approve");
      const [attempt] = await p.attemptsOf(cart.id);
      return {
        cart,
        body: {
          id: attempt.providerRef,
          status: "authorized",
          amount: "51.75",
          currency: "SAR",
          order: { reference_id: attempt.id },
        },
      };
    };
    const first = await tabbyPaid();
    expect((await webhook("tabby", first.body, { headers: { "x-webhook-secret": "whsec_nope" } })).status).toBe(401);
    expect((await webhook("tabby", first.body)).status).toBe(401);
    expect(await webhook("tabby", first.body, { headers: { "x-webhook-secret": "whsec_tabby_rimal" } })).toEqual({
      status: 200,
      body: { received: true, outcome: "paid" },
    });
    expect(await p.cartRow(first.cart.id)).toMatchObject({ status: "completed", paymentMethod: "TABBY" });

    await pointAccountsAt(t().db, spa(), p.origin(), {
      ...SPA_PAYMENT_ACCOUNTS,
      tabby: { ...SPA_PAYMENT_ACCOUNTS.tabby!, webhookHeader: "X-Rimal-Tabby" },
    });
    try {
      const second = await tabbyPaid();
      expect(
        (await webhook("tabby", second.body, { headers: { "x-webhook-secret": "whsec_tabby_rimal" } })).status,
      ).toBe(401);
      expect(await webhook("tabby", second.body, { headers: { "X-Rimal-Tabby": "whsec_tabby_rimal" } })).toEqual({
        status: 200,
        body: { received: true, outcome: "paid" },
      });
    } finally {
      await pointAccountsAt(t().db, spa(), p.origin());
    }
  });

  it("Tamara: the notification JWT (tamaraToken or bearer) signed with the notification token; approved ⇒ authorised and completed", async () => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", "tamara/cart-session", {
      token: shopper.token,
      body: p.payLaterBody(shopper, cart.id, "tamara"),
    });
    await p.press(created.data!.checkout_url, "approve");
    const attempt = (await p.attemptsOf(cart.id))[0];
    expect(await attemptByRef(t().db, spa().id, attempt.providerRef!)).toMatchObject({ id: attempt.id });
    const body = {
      order_id: attempt.providerRef,
      order_reference_id: attempt.id,
      order_number: "1",
      event_type: "order_approved",
      data: {},
    };
    const jwt = (secret: string) =>
      new SignJWT({ iss: "Tamara" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(secret));
    expect((await webhook("tamara", body, { query: `?tamaraToken=${await jwt("not_the_token")}` })).status).toBe(401);
    expect((await webhook("tamara", body)).status).toBe(401);
    expect((await p.cartRow(cart.id)).status).toBe("active");
    expect(
      await webhook("tamara", body, { headers: { authorization: `Bearer ${await jwt("tamara_notification_rimal")}` } }),
    ).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "TAMARA" });
    expect(await webhook("tamara", body, { query: `?tamaraToken=${await jwt("tamara_notification_rimal")}` })).toEqual({
      status: 200,
      body: { received: true, outcome: "paid" },
    });
  });

  it("an unknown provider is 404; a tenant without the provider's account is not configured", async () => {
    expect((await webhook("paypal", {})).status).toBe(404);
    const res = await p.api.call(t().coffee, "POST", "payment/webhooks/moyasar", { body: moyasarEvent("x") });
    expect(res.error?.code).toBe("SP:PaymentProviderNotConfigured");
  });
});
