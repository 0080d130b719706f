import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./helpers/test-db";
import type { DbHandle } from "@/platform/db/client";
import { pressSandboxButton } from "@/platform/sandbox/index";
import { startSandboxServer } from "@/platform/sandbox/node-server";
import { createMoyasarPayment, fetchMoyasarPayment, moyasarState } from "@/payment-providers/moyasar/client";
import {
  executeMyFatoorahPayment,
  getMyFatoorahPaymentStatus,
  initiateMyFatoorahSession,
} from "@/payment-providers/myfatoorah/client";
import { createTabbyCheckout, fetchTabbyPayment, type TabbyCheckoutInput } from "@/payment-providers/tabby/client";
import { authoriseTamaraOrder, createTamaraCheckout, fetchTamaraOrder } from "@/payment-providers/tamara/client";
import type { ProviderConfig } from "@/platform/payments/provider";

// The clients against the real sandboxes over HTTP: both sides follow the brief's contract, so a
// drift on either side (a field name, an amount format) fails here.

const done = "https://spa.test/checkout/done/c1";

describe("provider clients ⇔ sandboxes", () => {
  let handle: DbHandle;
  let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
  const cfg = (provider: string, secretKey: string): ProviderConfig => ({
    baseUrl: `${sandbox.origin}/sandbox/${provider}`,
    secretKey,
    timeoutMs: 5_000,
  });

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    sandbox = await startSandboxServer(handle.db);
  });
  afterAll(async () => {
    await sandbox?.close();
    await handle?.close();
  });

  async function moyasarToken(number: string): Promise<string> {
    const res = await fetch(`${sandbox.origin}/sandbox/moyasar/v1/tokens`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("pk_test_rimal:").toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        name: "Sara Ali",
        number,
        month: "12",
        year: String(new Date().getFullYear() + 2),
        cvc: "123",
        callback_url: done,
        save_only: true,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  it("Moyasar: card ⇒ initiated with a 3-D Secure page ⇒ Authenticate ⇒ paid VISA; given_id is idempotent", async () => {
    const c = cfg("moyasar/v1", "sk_test_rimal");
    const input = {
      amount: 12345,
      currency: "SAR" as const,
      description: "x",
      callbackUrl: done,
      givenId: crypto.randomUUID(),
      metadata: { cart_id: "c1" },
      source: { type: "token" as const, token: await moyasarToken("4111111111111111") },
    };
    const created = await createMoyasarPayment(c, input);
    expect(moyasarState(created)).toMatchObject({ status: "pending", amount: 12345, currency: "SAR", method: "VISA" });
    expect(created.source?.transaction_url).toMatch(/^https:\/\/spa\.test\//);
    expect((await createMoyasarPayment(c, input)).id).toBe(created.id);
    const back = await pressSandboxButton(handle.db, created.source!.transaction_url!, "authenticate");
    expect(new URL(back).searchParams.get("status")).toBe("paid");
    expect(moyasarState(await fetchMoyasarPayment(c, created.id))).toMatchObject({ status: "paid", amount: 12345 });
  });

  it("Moyasar: a declining card fails at once with its reason; mada is MADA; Apple Pay is paid; an unknown id is unavailable", async () => {
    const c = cfg("moyasar/v1", "sk_test_rimal");
    const pay = async (source: { type: "token" | "applepay"; token: string }) =>
      moyasarState(
        await createMoyasarPayment(c, {
          amount: 5000,
          currency: "SAR",
          description: "x",
          callbackUrl: done,
          givenId: crypto.randomUUID(),
          metadata: {},
          source,
        }),
      );
    expect(await pay({ type: "token", token: await moyasarToken("4000000000000010") })).toMatchObject({
      status: "failed",
      failureReason: "INSUFFICIENT_FUNDS",
    });
    expect(await pay({ type: "token", token: await moyasarToken("4201320111111010") })).toMatchObject({
      status: "pending",
      method: "MADA",
    });
    expect(await pay({ type: "applepay", token: JSON.stringify({ paymentData: "ok" }) })).toMatchObject({
      status: "paid",
      method: "APPLE_PAY",
      amount: 5000,
    });
    expect(await pay({ type: "applepay", token: JSON.stringify({ paymentData: "decline" }) })).toMatchObject({
      status: "failed",
      failureReason: "DECLINED",
    });
    await expect(fetchMoyasarPayment(c, "pay_unknown")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus: 404,
    });
  });

  const mfExecute = (c: ProviderConfig, sessionId: string) =>
    executeMyFatoorahPayment(c, {
      sessionId,
      amount: 20070,
      customerName: "Sara Ali",
      customerMobile: "+966500000001",
      callbackUrl: done,
      errorUrl: `${done}?status=failure`,
      language: "en",
      customerReference: "c1",
      userDefinedField: "a1",
    });

  async function mfCard(sessionId: string, number: string) {
    const res = await fetch(`${sandbox.origin}/sandbox/myfatoorah/cardview/v1/card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        sessionId,
        name: "Sara Ali",
        number,
        month: "12",
        year: String(new Date().getFullYear() + 2),
        cvc: "123",
        networks: "md,v,m",
      }),
    });
    expect(res.status).toBe(200);
  }

  it("MyFatoorah: a session without a card cannot be executed; an unknown invoice is unavailable", async () => {
    const c = cfg("myfatoorah", "mf_test_rimal");
    const { sessionId, countryCode } = await initiateMyFatoorahSession(c, { customerIdentifier: "cust-1" });
    expect(countryCode).toBe("SAU");
    await expect(mfExecute(c, sessionId)).rejects.toMatchObject({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      httpStatus: 400,
    });
    await expect(getMyFatoorahPaymentStatus(c, { key: "999999", keyType: "InvoiceId" })).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
    });
  });

  it("MyFatoorah: card ⇒ execute ⇒ Authenticate ⇒ Paid MADA for the amount; Fail authentication ⇒ failed", async () => {
    const c = cfg("myfatoorah", "mf_test_rimal");
    const paid = await initiateMyFatoorahSession(c);
    await mfCard(paid.sessionId, "4201320111111010");
    const invoice = await mfExecute(c, paid.sessionId);
    expect(invoice.paymentUrl).toMatch(/^https:\/\/spa\.test\//);
    expect(await getMyFatoorahPaymentStatus(c, { key: invoice.invoiceId, keyType: "InvoiceId" })).toMatchObject({
      status: "pending",
      amount: 20070,
    });
    await pressSandboxButton(handle.db, invoice.paymentUrl, "authenticate");
    expect(await getMyFatoorahPaymentStatus(c, { key: invoice.invoiceId, keyType: "InvoiceId" })).toEqual({
      providerPaymentId: invoice.invoiceId,
      status: "paid",
      amount: 20070,
      currency: "SAR",
      failureReason: null,
      method: "MADA",
    });

    const failed = await initiateMyFatoorahSession(c);
    await mfCard(failed.sessionId, "4111111111111111");
    const second = await mfExecute(c, failed.sessionId);
    await pressSandboxButton(handle.db, second.paymentUrl, "fail");
    expect(await getMyFatoorahPaymentStatus(c, { key: second.invoiceId, keyType: "InvoiceId" })).toMatchObject({
      status: "failed",
      failureReason: expect.any(String),
    });
  });

  const tabbyInput = (phone: string, amount = 46050): TabbyCheckoutInput => ({
    amount,
    currency: "SAR",
    description: "x",
    buyer: { name: "Sara Ali", phone, email: "sara@example.com" },
    shippingAddress: { city: "Riyadh", address: "Olaya St", zip: "12211" },
    buyerHistory: { registeredSince: "2026-01-02T03:04:05.000Z", loyaltyLevel: 0 },
    orderHistory: [],
    orderReferenceId: "c1",
    items: [{ title: "Massage", quantity: 1, unitPrice: amount, referenceId: "p1", category: "Service" }],
    lang: "en",
    merchantCode: "rimal",
    merchantUrls: {
      success: `${done}?payment_method=tabby`,
      cancel: `${done}?status=cancel`,
      failure: `${done}?status=failure`,
    },
  });

  it("Tabby: created ⇒ Approve ⇒ authorized for the amount; the rejected phone and a large amount are rejections", async () => {
    const c = cfg("tabby", "sk_test_tabby_rimal");
    const checkout = await createTabbyCheckout(c, tabbyInput("+966500000001"));
    expect(checkout).toMatchObject({ status: "created", rejectionReason: null });
    expect(await fetchTabbyPayment(c, checkout.paymentId!)).toMatchObject({ status: "pending", amount: 46050 });
    const back = new URL(await pressSandboxButton(handle.db, checkout.webUrl!, "approve"));
    expect(back.searchParams.get("payment_id")).toBe(checkout.paymentId);
    expect(await fetchTabbyPayment(c, checkout.paymentId!)).toMatchObject({
      status: "authorized",
      amount: 46050,
      currency: "SAR",
      method: "TABBY",
    });
    expect(await createTabbyCheckout(c, tabbyInput("+966500000002"))).toMatchObject({
      status: "rejected",
      rejectionReason: "not_available",
      webUrl: null,
    });
    expect(await createTabbyCheckout(c, tabbyInput("+966500000001", 500_001))).toMatchObject({
      status: "rejected",
      rejectionReason: "order_amount_too_high",
    });
  });

  it("Tamara: new ⇒ Approve ⇒ approved ⇒ authorise (twice) ⇒ authorized for the amount", async () => {
    const c = cfg("tamara", "tamara_test_rimal");
    const checkout = await createTamaraCheckout(c, {
      orderReferenceId: "c1",
      totalAmount: 46050,
      shippingAmount: 0,
      taxAmount: 6007,
      items: [{ name: "Massage", quantity: 1, unitPrice: 46050, referenceId: "p1", sku: "p1", type: "Service" }],
      consumer: { firstName: "Sara", lastName: "Ali", phoneNumber: "+966500000001", email: "sara@example.com" },
      description: "x",
      merchantUrl: {
        success: `${done}?payment_method=tamara`,
        failure: `${done}?status=failure`,
        cancel: `${done}?status=cancel`,
        notification: "https://spa.test/api/app/payment/webhooks/tamara",
      },
      locale: "en_US",
    });
    expect(await fetchTamaraOrder(c, checkout.orderId)).toMatchObject({ status: "pending", amount: 46050 });
    const back = new URL(await pressSandboxButton(handle.db, checkout.checkoutUrl, "approve"));
    expect(back.searchParams.get("orderId")).toBe(checkout.orderId);
    expect(await fetchTamaraOrder(c, checkout.orderId)).toMatchObject({ status: "approved" });
    expect(await authoriseTamaraOrder(c, checkout.orderId)).toMatchObject({
      status: "authorized",
      amount: 46050,
      method: "TAMARA",
    });
    expect(await authoriseTamaraOrder(c, checkout.orderId)).toMatchObject({ status: "authorized" });
  });
});
