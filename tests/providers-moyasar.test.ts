import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createMoyasarPayment,
  fetchMoyasarPayment,
  moyasarState,
  type MoyasarPayment,
} from "@/payment-providers/moyasar/client";
import { ProviderError } from "@/platform/payments/provider";
import { commonFailures, startFakeProvider, type FakeProvider } from "./helpers/fake-provider";

const payment = (over: Partial<MoyasarPayment> = {}): MoyasarPayment => ({
  id: "pay_7f3c",
  status: "initiated",
  amount: 12345,
  currency: "SAR",
  description: "Order",
  metadata: { cart_id: "c1", attempt_id: "a1" },
  source: {
    type: "token",
    company: "visa",
    name: "Sara Ali",
    number: "4111-11XX-XXXX-1111",
    message: null,
    transaction_url: "https://shop.test/sandbox/moyasar/3ds/pay_7f3c",
  },
  ...over,
});

const input = {
  amount: 12345,
  currency: "SAR" as const,
  description: "Rimal Spa — cart c1",
  callbackUrl: "https://spa.test/checkout/done/c1",
  givenId: "4b7f0c1e-2f5a-4d7e-9f00-000000000001",
  metadata: { cart_id: "c1", attempt_id: "a1" },
  source: { type: "token" as const, token: "token_abc" },
};

describe("Moyasar client", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider("/v1");
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  // Generous by default (a loaded machine is slow to its first request); short only where a hang is the point.
  const cfg = (timeoutMs = 5_000) => fake.config("sk_test_rimal", { timeoutMs });

  it("creates a payment: POST /v1/payments, Basic auth with the key as user, amount in halalas, provider field names", async () => {
    fake.answer(() => ({ status: 201, json: payment() }));
    const p = await createMoyasarPayment(cfg(), input);
    expect(fake.seen).toHaveLength(1);
    const req = fake.seen[0];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v1/payments");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("sk_test_rimal:").toString("base64")}`);
    expect(req.headers["content-type"]).toMatch(/^application\/json/);
    expect(req.json()).toEqual({
      amount: 12345,
      currency: "SAR",
      description: "Rimal Spa — cart c1",
      callback_url: "https://spa.test/checkout/done/c1",
      given_id: input.givenId,
      metadata: { cart_id: "c1", attempt_id: "a1" },
      source: { type: "token", token: "token_abc" },
    });
    expect(p.id).toBe("pay_7f3c");
    expect(p.source?.transaction_url).toBe("https://shop.test/sandbox/moyasar/3ds/pay_7f3c");
  });

  it("sends an Apple Pay token as given and reads a declined card as an answer, not an error", async () => {
    fake.answer(() => ({
      status: 201,
      json: payment({ status: "failed", source: { type: "token", company: "visa", message: "INSUFFICIENT_FUNDS" } }),
    }));
    const applePay = { type: "applepay" as const, token: JSON.stringify({ paymentData: { data: "x" } }) };
    const p = await createMoyasarPayment(cfg(), { ...input, source: applePay });
    expect((fake.seen[0].json() as { source: unknown }).source).toEqual(applePay);
    expect(moyasarState(p)).toMatchObject({ status: "failed", failureReason: "INSUFFICIENT_FUNDS" });
  });

  it("turns a 400 validation body into CREATE_PAYMENT_SESSION_ERROR with the provider's words", async () => {
    fake.answer(() => ({
      status: 400,
      json: {
        type: "invalid_request_error",
        message: "Validation Failed",
        errors: { amount: ["must be greater than 99"] },
      },
    }));
    const err = await createMoyasarPayment(cfg(), input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      status: 422,
      message: "Failed to create payment session",
    });
    expect(err).toMatchObject({
      details: { provider: "moyasar" },
      provider: "moyasar",
      httpStatus: 400,
      providerMessage: "Validation Failed — amount: must be greater than 99",
    });
  });

  it("turns a 401 into CREATE_PAYMENT_SESSION_ERROR", async () => {
    fake.answer(() => ({
      status: 401,
      json: { type: "authentication_error", message: "Invalid authorization credentials" },
    }));
    const err = await createMoyasarPayment(cfg(), input).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      httpStatus: 401,
      providerMessage: "Invalid authorization credentials",
    });
  });

  it.each(commonFailures)(
    "creating: $name ⇒ CREATE_PAYMENT_SESSION_ERROR",
    async ({ reply, timeoutMs, httpStatus, message }) => {
      fake.answer(() => reply);
      const err = await createMoyasarPayment(cfg(timeoutMs), input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).code).toBe("CREATE_PAYMENT_SESSION_ERROR");
      expect((err as ProviderError).httpStatus).toBe(httpStatus);
      expect(String((err as ProviderError).providerMessage)).toMatch(message);
    },
  );

  it("fetches a payment: GET /v1/payments/{id} with the id encoded", async () => {
    fake.answer(() => ({ json: payment({ status: "paid" }) }));
    const p = await fetchMoyasarPayment(cfg(), "pay_7f3c/../x");
    expect(fake.seen[0]).toMatchObject({ method: "GET", url: "/v1/payments/pay_7f3c%2F..%2Fx", body: "" });
    expect(fake.seen[0].headers.authorization).toBe(`Basic ${Buffer.from("sk_test_rimal:").toString("base64")}`);
    expect(p.status).toBe("paid");
  });

  it("fetching: 404 and 401 ⇒ SP:PaymentProviderUnavailable with the status", async () => {
    fake.answer(() => ({ status: 404, json: { type: "api_error", message: "Object not found" } }));
    await expect(fetchMoyasarPayment(cfg(), "pay_x")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus: 404,
      providerMessage: "Object not found",
    });
    fake.answer(() => ({
      status: 401,
      json: { type: "authentication_error", message: "Invalid authorization credentials" },
    }));
    await expect(fetchMoyasarPayment(cfg(), "pay_x")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus: 401,
    });
  });

  it.each(commonFailures)(
    "fetching: $name ⇒ SP:PaymentProviderUnavailable",
    async ({ reply, timeoutMs, httpStatus }) => {
      fake.answer(() => reply);
      await expect(fetchMoyasarPayment(cfg(timeoutMs), "pay_x")).rejects.toMatchObject({
        code: "SP:PaymentProviderUnavailable",
        provider: "moyasar",
        httpStatus,
      });
    },
  );

  it("cannot reach a closed port ⇒ SP:PaymentProviderUnavailable", async () => {
    await expect(
      fetchMoyasarPayment({ baseUrl: "http://127.0.0.1:9/v1", secretKey: "sk" }, "pay_x"),
    ).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      providerMessage: "The provider could not be reached",
    });
  });
});

describe("moyasarState", () => {
  it.each([
    ["paid", "paid"],
    ["captured", "paid"],
    ["authorized", "authorized"],
    ["initiated", "pending"],
    ["verified", "pending"],
    ["failed", "failed"],
    ["voided", "cancelled"],
    ["refunded", "cancelled"],
    ["something_new", "pending"],
  ] as const)("%s ⇒ %s", (status, expected) => {
    expect(moyasarState(payment({ status })).status).toBe(expected);
  });

  it("names the method: mada ⇒ MADA, visa/master ⇒ VISA, Apple Pay ⇒ APPLE_PAY", () => {
    const method = (source: MoyasarPayment["source"]) => moyasarState(payment({ source })).method;
    expect(method({ type: "token", company: "mada" })).toBe("MADA");
    expect(method({ type: "creditcard", company: "visa" })).toBe("VISA");
    expect(method({ type: "token", company: "master" })).toBe("VISA");
    expect(method({ type: "applepay", company: "mada" })).toBe("APPLE_PAY");
    expect(method(null)).toBeNull();
  });

  it("keeps amount, currency and id; a failure reason only when failed", () => {
    expect(moyasarState(payment({ status: "paid", currency: "sar" }))).toEqual({
      providerPaymentId: "pay_7f3c",
      status: "paid",
      amount: 12345,
      currency: "SAR",
      failureReason: null,
      method: "VISA",
    });
    const failed = payment({
      status: "failed",
      source: { type: "token", company: "visa", message: "3-D Secure transaction attempt failed (DECLINED)" },
    });
    expect(moyasarState(failed).failureReason).toBe("3-D Secure transaction attempt failed (DECLINED)");
  });
});
