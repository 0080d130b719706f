import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  authoriseTamaraOrder,
  createTamaraCheckout,
  fetchTamaraOrder,
  verifyTamaraNotification,
  type TamaraCheckoutInput,
} from "@/payment-providers/tamara/client";
import { ProviderError } from "@/platform/payments/provider";
import { commonFailures, startFakeProvider, type FakeProvider } from "./helpers/fake-provider";

const input: TamaraCheckoutInput = {
  orderReferenceId: "c1",
  totalAmount: 46050,
  shippingAmount: 0,
  taxAmount: 6007,
  items: [{ name: "Massage", quantity: 2, unitPrice: 23025, referenceId: "p1", sku: "p1", type: "Service" }],
  consumer: { firstName: "Sara", lastName: "Ali", phoneNumber: "+966500000001", email: "sara@example.com" },
  description: "Rimal Spa",
  merchantUrl: {
    success: "https://spa.test/done?payment_method=tamara",
    failure: "https://spa.test/done?status=failure",
    cancel: "https://spa.test/done?status=cancel",
    notification: "https://spa.test/api/app/payment/webhooks/tamara",
  },
  locale: "en_US",
};

const order = (status: string, amount: number | string = 460.5) => ({
  json: { order_id: "ord_1", order_reference_id: "c1", status, total_amount: { amount, currency: "SAR" } },
});

describe("Tamara client", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  // Generous by default (a loaded machine is slow to its first request); short only where a hang is the point.
  const cfg = (timeoutMs = 5_000) => fake.config("tamara_test_rimal", { timeoutMs });

  it("creates a checkout: POST /checkout, bearer token, amounts as numbers in riyals", async () => {
    fake.answer(() => ({
      json: {
        order_id: "ord_1",
        checkout_id: "chk_1",
        checkout_url: "https://spa.test/sandbox/tamara/checkout/chk_1",
        status: "new",
      },
    }));
    expect(await createTamaraCheckout(cfg(), input)).toEqual({
      orderId: "ord_1",
      checkoutId: "chk_1",
      checkoutUrl: "https://spa.test/sandbox/tamara/checkout/chk_1",
    });
    expect(fake.seen[0]).toMatchObject({ method: "POST", url: "/checkout" });
    expect(fake.seen[0].headers.authorization).toBe("Bearer tamara_test_rimal");
    expect(fake.seen[0].json()).toEqual({
      order_reference_id: "c1",
      total_amount: { amount: 460.5, currency: "SAR" },
      shipping_amount: { amount: 0, currency: "SAR" },
      tax_amount: { amount: 60.07, currency: "SAR" },
      items: [
        {
          name: "Massage",
          quantity: 2,
          unit_price: { amount: 230.25, currency: "SAR" },
          total_amount: { amount: 460.5, currency: "SAR" },
          reference_id: "p1",
          sku: "p1",
          type: "Service",
        },
      ],
      consumer: { first_name: "Sara", last_name: "Ali", phone_number: "+966500000001", email: "sara@example.com" },
      country_code: "SA",
      description: "Rimal Spa",
      merchant_url: input.merchantUrl,
      locale: "en_US",
      payment_type: "PAY_BY_INSTALMENTS",
    });
  });

  it("400 with Tamara's errors list and 401 ⇒ CREATE_TAMARA_SESSION_ERROR with the provider's words", async () => {
    fake.answer(() => ({
      status: 400,
      json: { message: "Invalid checkout request", errors: [{ error_code: "total_amount_invalid_limit", data: {} }] },
    }));
    await expect(createTamaraCheckout(cfg(), input)).rejects.toMatchObject({
      code: "CREATE_TAMARA_SESSION_ERROR",
      message: "Failed to create tamara payment session",
      provider: "tamara",
      httpStatus: 400,
      providerMessage: "Invalid checkout request — total_amount_invalid_limit",
    });
    fake.answer(() => ({ status: 401, json: { message: "Unauthorized" } }));
    await expect(createTamaraCheckout(cfg(), input)).rejects.toMatchObject({
      code: "CREATE_TAMARA_SESSION_ERROR",
      httpStatus: 401,
      providerMessage: "Unauthorized",
    });
  });

  it.each(commonFailures)(
    "checkout: $name ⇒ CREATE_TAMARA_SESSION_ERROR",
    async ({ reply, timeoutMs, httpStatus, message }) => {
      fake.answer(() => reply);
      const err = await createTamaraCheckout(cfg(timeoutMs), input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect(err).toMatchObject({ code: "CREATE_TAMARA_SESSION_ERROR", httpStatus });
      expect(String((err as ProviderError).providerMessage)).toMatch(message);
    },
  );

  it.each([
    ["new", "pending"],
    ["approved", "approved"],
    ["authorised", "authorized"],
    ["fully_captured", "paid"],
    ["partially_captured", "paid"],
    ["partially_refunded", "paid"],
    ["fully_refunded", "cancelled"],
    ["declined", "failed"],
    ["expired", "cancelled"],
    ["canceled", "cancelled"],
    ["something_new", "pending"],
  ] as const)("order %s ⇒ %s", async (status, expected) => {
    fake.answer(() => order(status));
    expect(await fetchTamaraOrder(cfg(), "ord_1")).toEqual({
      providerPaymentId: "ord_1",
      status: expected,
      amount: 46050,
      currency: "SAR",
      failureReason: null,
      method: "TAMARA",
    });
    expect(fake.seen[0]).toMatchObject({ method: "GET", url: "/orders/ord_1", body: "" });
  });

  it("reads an amount sent as text", async () => {
    fake.answer(() => order("authorised", "460.50"));
    expect((await fetchTamaraOrder(cfg(), "ord_1")).amount).toBe(46050);
  });

  it("order: 404 ⇒ SP:PaymentProviderUnavailable", async () => {
    fake.answer(() => ({
      status: 404,
      json: { message: "Order not found", errors: [{ error_code: "order_not_found" }] },
    }));
    await expect(fetchTamaraOrder(cfg(), "nope")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus: 404,
      providerMessage: "Order not found — order_not_found",
    });
  });

  it.each(commonFailures)("order: $name ⇒ SP:PaymentProviderUnavailable", async ({ reply, timeoutMs, httpStatus }) => {
    fake.answer(() => reply);
    await expect(fetchTamaraOrder(cfg(timeoutMs), "ord_1")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus,
    });
  });

  it("authorises: POST /orders/{id}/authorise, then reads the order for its amount", async () => {
    fake.answer((req) =>
      req.method === "POST"
        ? { json: { order_id: "ord_1", status: "authorised", order_expiry_time: "2030-01-01T00:00:00Z" } }
        : order("authorised"),
    );
    expect(await authoriseTamaraOrder(cfg(), "ord_1")).toMatchObject({
      status: "authorized",
      amount: 46050,
      method: "TAMARA",
    });
    expect(fake.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /orders/ord_1/authorise", "GET /orders/ord_1"]);
    expect(fake.seen[0].headers.authorization).toBe("Bearer tamara_test_rimal");
  });

  it("authorise refused ⇒ SP:PaymentProviderUnavailable, and the order is not read", async () => {
    fake.answer(() => ({
      status: 400,
      json: { message: "Order is not approved", errors: [{ error_code: "order_status_not_allowed" }] },
    }));
    await expect(authoriseTamaraOrder(cfg(), "ord_1")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus: 400,
    });
    expect(fake.seen).toHaveLength(1);
  });
});

describe("verifyTamaraNotification", () => {
  const secret = "tamara_notification_rimal";
  const sign = (key: string, alg = "HS256", exp: string | number = "1h") =>
    new SignJWT({ iss: "Tamara" })
      .setProtectedHeader({ alg })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key));

  it("accepts a token signed with the notification token and returns its payload", async () => {
    expect(await verifyTamaraNotification(await sign(secret), secret)).toMatchObject({ iss: "Tamara" });
  });

  it.each([
    ["another key", () => sign("someone_else")],
    ["another algorithm", () => sign(secret, "HS512")],
    ["an expired token", () => sign(secret, "HS256", Math.floor(Date.now() / 1000) - 60)],
    ["garbage", async () => "not.a.jwt"],
    ["nothing", async () => ""],
  ])("refuses %s with 401 SP:InvalidWebhookSignature", async (_name, token) => {
    await expect(verifyTamaraNotification(await token(), secret)).rejects.toMatchObject({
      code: "SP:InvalidWebhookSignature",
      status: 401,
    });
  });

  it("refuses everything when no notification token is configured", async () => {
    await expect(verifyTamaraNotification(await sign(secret), "")).rejects.toMatchObject({
      code: "SP:InvalidWebhookSignature",
    });
  });
});
