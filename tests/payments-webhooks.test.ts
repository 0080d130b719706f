import { expect, it } from "vitest";
import { SignJWT } from "jose";
import { myfatoorahSignature } from "@/platform/payments/myfatoorah/client";
import type { PayLaterSessionDto } from "@/contract/dto/payments";
import { describeEachDb } from "./helpers/test-db";
import { withSettings } from "./helpers/checkout";
import { attemptByRef, paymentsHarness } from "./helpers/payments";

type WebhookAnswer = { status: number; body: { received?: boolean; outcome?: string; error?: { code: string } } };

describeEachDb("payments: provider webhooks", (t) => {
  const p = paymentsHarness(t);
  const spa = () => t().spa;

  async function webhook(provider: string, body: unknown, opts: { headers?: Record<string, string>; query?: string } = {}): Promise<WebhookAnswer> {
    const res = await p.api.call(spa(), "POST", `payment/webhooks/${provider}${opts.query ?? ""}`, { body, headers: opts.headers });
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
    expect(await webhook("moyasar", moyasarEvent(paymentId, "whsec_wrong"))).toMatchObject({ status: 401, body: { error: { code: "SP:InvalidWebhookSignature" } } });
    const unsigned: Partial<ReturnType<typeof moyasarEvent>> = moyasarEvent(paymentId);
    delete unsigned.secret_token;
    expect((await webhook("moyasar", unsigned)).status).toBe(401);
    expect((await p.cartRow(cart.id)).status).toBe("active");

    expect(await webhook("moyasar", moyasarEvent(paymentId))).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "VISA" });
    // Delivered again: the same answer, nothing more recorded.
    expect(await webhook("moyasar", moyasarEvent(paymentId))).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect(await p.paymentsOf(cart.id)).toHaveLength(1);
    expect(await webhook("moyasar", moyasarEvent("0b5c6a3e-0000-4000-8000-000000000000"))).toEqual({ status: 200, body: { received: true, outcome: "none" } });
  });

  it("Moyasar: a webhook saying paid for a payment the bank has not confirmed completes nothing", async () => {
    const { cart, paymentId } = await moyasarPayment(false);
    expect(await webhook("moyasar", moyasarEvent(paymentId))).toEqual({ status: 200, body: { received: true, outcome: "pending" } });
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
        const query = new URLSearchParams({ callbackUrl: p.doneUrl(cart.id), totalAmount: String(cart.amountToBePaid) });
        const session = (await p.api.call<{ sessionId: string }>(spa(), "POST", `payment/initiate-session/${cart.id}?${query}`, { token: shopper.token })).data!;
        await fetch(`${p.origin()}/sandbox/myfatoorah/cardview/v1/card`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ sessionId: session.sessionId, name: "Test Shopper", number: "4111111111111111", month: "12", year: String(new Date().getFullYear() + 2), cvc: "123" }),
        });
        const exec = new URLSearchParams({ sessionId: session.sessionId, cartId: cart.id, callbackUrl: p.doneUrl(cart.id), errorCallbackUrl: p.doneUrl(cart.id) });
        const { redirectUrl } = (await p.api.call<{ redirectUrl: string }>(spa(), "POST", `payment/execute-cart-payment?${exec}`, { token: shopper.token, body: { checkout: p.checkout(shopper) } })).data!;
        await p.press(redirectUrl, "authenticate");
        const [attempt] = await p.attemptsOf(cart.id);
        const data = { InvoiceId: Number(attempt.providerRef), InvoiceReference: "2024000001", CustomerReference: cart.id, TransactionStatus: "SUCCESS", PaymentId: "07072024", InvoiceValueInBaseCurrency: "51.75" };
        const body = { EventType: 1, Event: "TransactionsStatusChanged", DateTime: "21112026120000", CountryIsoCode: "SAU", Data: data };
        const tampered = { ...body, Data: { ...data, InvoiceValueInBaseCurrency: "1.00" } };
        expect((await webhook(provider, tampered, { headers: { "MyFatoorah-Signature": myfatoorahSignature(data, secret) } })).status).toBe(401);
        expect((await webhook(provider, body, { headers: { "MyFatoorah-Signature": myfatoorahSignature(data, "whsec_other") } })).status).toBe(401);
        expect(await webhook(provider, body, { headers: { "MyFatoorah-Signature": myfatoorahSignature(data, secret) } })).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
        expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "VISA" });
      } finally {
        await restore();
      }
    }
  });

  it("Tabby: the x-webhook-secret header", async () => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", "tabby/session", { token: shopper.token, body: p.payLaterBody(shopper, cart.id, "tabby") });
    await p.press(created.data!.checkout_url, "approve");
    const [attempt] = await p.attemptsOf(cart.id);
    const body = { id: attempt.providerRef, status: "authorized", amount: "51.75", currency: "SAR", order: { reference_id: attempt.id } };
    expect((await webhook("tabby", body, { headers: { "x-webhook-secret": "whsec_nope" } })).status).toBe(401);
    expect((await webhook("tabby", body)).status).toBe(401);
    expect(await webhook("tabby", body, { headers: { "x-webhook-secret": "whsec_tabby_rimal" } })).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "TABBY" });
  });

  it("Tamara: the notification JWT (tamaraToken or bearer) signed with the notification token; approved ⇒ authorised and completed", async () => {
    const { shopper, cart } = await p.saltsCart();
    const created = await p.api.call<PayLaterSessionDto>(spa(), "POST", "tamara/cart-session", { token: shopper.token, body: p.payLaterBody(shopper, cart.id, "tamara") });
    await p.press(created.data!.checkout_url, "approve");
    const attempt = (await p.attemptsOf(cart.id))[0];
    expect(await attemptByRef(t().db, spa().id, attempt.providerRef!)).toMatchObject({ id: attempt.id });
    const body = { order_id: attempt.providerRef, order_reference_id: attempt.id, order_number: "1", event_type: "order_approved", data: {} };
    const jwt = (secret: string) => new SignJWT({ iss: "Tamara" }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode(secret));
    expect((await webhook("tamara", body, { query: `?tamaraToken=${await jwt("not_the_token")}` })).status).toBe(401);
    expect((await webhook("tamara", body)).status).toBe(401);
    expect((await p.cartRow(cart.id)).status).toBe("active");
    expect(await webhook("tamara", body, { headers: { authorization: `Bearer ${await jwt("tamara_notification_rimal")}` } })).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect(await p.cartRow(cart.id)).toMatchObject({ status: "completed", paymentMethod: "TAMARA" });
    expect(await webhook("tamara", body, { query: `?tamaraToken=${await jwt("tamara_notification_rimal")}` })).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
  });

  it("an unknown provider is 404; a tenant without the provider's account is not configured", async () => {
    expect((await webhook("paypal", {})).status).toBe(404);
    const res = await p.api.call(t().coffee, "POST", "payment/webhooks/moyasar", { body: moyasarEvent("x") });
    expect(res.error?.code).toBe("SP:PaymentProviderNotConfigured");
  });
});
