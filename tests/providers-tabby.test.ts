import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTabbyCheckout,
  fetchTabbyPayment,
  tabbyAmount,
  tabbyHalalas,
  type TabbyCheckoutInput,
} from "@/payment-providers/tabby/client";
import { ProviderError } from "@/platform/payments/provider";
import { commonFailures, startFakeProvider, type FakeProvider } from "./helpers/fake-provider";

const input: TabbyCheckoutInput = {
  amount: 46000,
  currency: "SAR",
  description: "Rimal Spa",
  buyer: { name: "Sara Ali", phone: "+966500000001", email: "sara@example.com" },
  shippingAddress: { city: "Riyadh", address: "Olaya St", zip: "12211" },
  buyerHistory: { registeredSince: "2026-01-02T03:04:05.000Z", loyaltyLevel: 2 },
  orderHistory: [{ purchasedAt: "2026-10-01T10:00:00.000Z", amount: 12050, status: "complete" }],
  orderReferenceId: "c1",
  items: [{ title: "Massage", quantity: 2, unitPrice: 23000, referenceId: "p1", category: "Service" }],
  lang: "ar",
  merchantCode: "rimal_sa",
  merchantUrls: {
    success: "https://spa.test/done?payment_method=tabby",
    cancel: "https://spa.test/done?status=cancel",
    failure: "https://spa.test/done?status=failure",
  },
};

const created = {
  id: "chk_1",
  status: "created",
  payment: { id: "pay_t1", amount: "460.00", currency: "SAR", status: "CREATED" },
  configuration: {
    available_products: { installments: [{ web_url: "https://spa.test/sandbox/tabby/pay/chk_1" }] },
    products: { installments: { is_available: true, rejection_reason: null } },
  },
};
const rejected = (reason: string) => ({
  id: "chk_2",
  status: "rejected",
  payment: { id: "pay_t2", amount: "460.00", currency: "SAR", status: "CREATED" },
  configuration: {
    available_products: {},
    products: { installments: { is_available: false, rejection_reason: reason } },
  },
});

describe("Tabby client", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  // Generous by default (a loaded machine is slow to its first request); short only where a hang is the point.
  const cfg = (timeoutMs = 5_000) => fake.config("sk_test_tabby_rimal", { timeoutMs });

  it("creates a checkout: POST /api/v2/checkout, bearer key, amounts as decimal strings", async () => {
    fake.answer(() => ({ json: created }));
    expect(await createTabbyCheckout(cfg(), input)).toEqual({
      id: "chk_1",
      status: "created",
      paymentId: "pay_t1",
      webUrl: "https://spa.test/sandbox/tabby/pay/chk_1",
      rejectionReason: null,
    });
    expect(fake.seen[0]).toMatchObject({ method: "POST", url: "/api/v2/checkout" });
    expect(fake.seen[0].headers.authorization).toBe("Bearer sk_test_tabby_rimal");
    expect(fake.seen[0].json()).toEqual({
      payment: {
        amount: "460.00",
        currency: "SAR",
        description: "Rimal Spa",
        buyer: { name: "Sara Ali", phone: "+966500000001", email: "sara@example.com" },
        shipping_address: { city: "Riyadh", address: "Olaya St", zip: "12211" },
        buyer_history: { registered_since: "2026-01-02T03:04:05.000Z", loyalty_level: 2 },
        order_history: [{ purchased_at: "2026-10-01T10:00:00.000Z", amount: "120.50", status: "complete" }],
        order: {
          reference_id: "c1",
          items: [{ title: "Massage", quantity: 2, unit_price: "230.00", reference_id: "p1", category: "Service" }],
        },
      },
      lang: "ar",
      merchant_code: "rimal_sa",
      merchant_urls: input.merchantUrls,
    });
  });

  it.each(["not_available", "order_amount_too_high", "order_amount_too_low"])(
    "a rejection (%s) is an answer, not an error",
    async (reason) => {
      fake.answer(() => ({ json: rejected(reason) }));
      expect(await createTabbyCheckout(cfg(), input, "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR")).toEqual({
        id: "chk_2",
        status: "rejected",
        paymentId: "pay_t2",
        webUrl: null,
        rejectionReason: reason,
      });
    },
  );

  it("created without a hosted page is treated as rejected (nowhere to send the shopper)", async () => {
    fake.answer(() => ({ json: { ...created, configuration: { available_products: {}, products: {} } } }));
    expect(await createTabbyCheckout(cfg(), input)).toMatchObject({
      status: "rejected",
      webUrl: null,
      rejectionReason: "not_available",
    });
  });

  it("400 bad_data and 401 ⇒ the code passed (session or eligibility) with Tabby's error text", async () => {
    fake.answer(() => ({
      status: 400,
      json: { status: "error", errorType: "bad_data", error: "payment.buyer.phone: invalid" },
    }));
    await expect(createTabbyCheckout(cfg(), input)).rejects.toMatchObject({
      code: "CREATE_TABBY_SESSION_ERROR",
      message: "Failed to create tabby payment session",
      provider: "tabby",
      httpStatus: 400,
      providerMessage: "payment.buyer.phone: invalid",
    });
    fake.answer(() => ({
      status: 401,
      json: { status: "error", errorType: "unauthorized", error: "Invalid API key" },
    }));
    await expect(createTabbyCheckout(cfg(), input, "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR")).rejects.toMatchObject({
      code: "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR",
      httpStatus: 401,
      providerMessage: "Invalid API key",
    });
  });

  it.each(commonFailures)(
    "checkout: $name ⇒ CREATE_TABBY_SESSION_ERROR",
    async ({ reply, timeoutMs, httpStatus, message }) => {
      fake.answer(() => reply);
      const err = await createTabbyCheckout(cfg(timeoutMs), input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect(err).toMatchObject({ code: "CREATE_TABBY_SESSION_ERROR", httpStatus });
      expect(String((err as ProviderError).providerMessage)).toMatch(message);
    },
  );

  it.each([
    ["AUTHORIZED", "authorized"],
    // Closed without any capture is Tabby's cancellation: never paid.
    ["CLOSED", "cancelled"],
    ["CREATED", "pending"],
    ["REJECTED", "failed"],
    ["EXPIRED", "cancelled"],
    ["authorized", "authorized"],
    ["SOMETHING_NEW", "pending"],
  ] as const)("payment %s ⇒ %s", async (status, expected) => {
    fake.answer(() => ({
      json: { id: "pay_t1", status, amount: "460.50", currency: "SAR", order: { reference_id: "c1" } },
    }));
    expect(await fetchTabbyPayment(cfg(), "pay_t1")).toEqual({
      providerPaymentId: "pay_t1",
      status: expected,
      amount: 46050,
      currency: "SAR",
      failureReason: null,
      method: "TABBY",
    });
    expect(fake.seen[0]).toMatchObject({ method: "GET", url: "/api/v2/payments/pay_t1", body: "" });
    expect(fake.seen[0].headers.authorization).toBe("Bearer sk_test_tabby_rimal");
  });

  it("CLOSED with captures is paid for what was captured less what was refunded; refunded in full it is cancelled", async () => {
    const closed = (captures: string[], refunds: string[]) => ({
      id: "pay_t1",
      status: "CLOSED",
      amount: "460.50",
      currency: "SAR",
      captures: captures.map((amount, i) => ({ id: `cap_${i}`, amount })),
      refunds: refunds.map((amount, i) => ({ id: `ref_${i}`, amount })),
    });
    fake.answer(() => ({ json: closed(["460.50"], []) }));
    expect(await fetchTabbyPayment(cfg(), "pay_t1")).toMatchObject({ status: "paid", amount: 46050 });
    fake.answer(() => ({ json: closed(["400.00", "60.50"], ["100.00"]) }));
    expect(await fetchTabbyPayment(cfg(), "pay_t1")).toMatchObject({ status: "paid", amount: 36050 });
    fake.answer(() => ({ json: closed(["460.50"], ["460.50"]) }));
    expect(await fetchTabbyPayment(cfg(), "pay_t1")).toMatchObject({ status: "cancelled" });
  });

  it("payment: 404 ⇒ SP:PaymentProviderUnavailable; a non-amount is a wrong shape", async () => {
    fake.answer(() => ({ status: 404, json: { status: "error", errorType: "not_found", error: "Payment not found" } }));
    await expect(fetchTabbyPayment(cfg(), "nope")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      httpStatus: 404,
      providerMessage: "Payment not found",
    });
    fake.answer(() => ({ json: { id: "pay_t1", status: "AUTHORIZED", amount: "lots", currency: "SAR" } }));
    await expect(fetchTabbyPayment(cfg(), "pay_t1")).rejects.toMatchObject({
      code: "SP:PaymentProviderUnavailable",
      providerMessage: /Unexpected answer \(amount\)/,
    });
  });

  it.each(commonFailures)(
    "payment: $name ⇒ SP:PaymentProviderUnavailable",
    async ({ reply, timeoutMs, httpStatus }) => {
      fake.answer(() => reply);
      await expect(fetchTabbyPayment(cfg(timeoutMs), "pay_t1")).rejects.toMatchObject({
        code: "SP:PaymentProviderUnavailable",
        httpStatus,
      });
    },
  );
});

describe("Tabby amounts", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [100, "1.00"],
    [46050, "460.50"],
    [12345678, "123456.78"],
  ])("%i halalas ⇔ %s", (halalas, text) => {
    expect(tabbyAmount(halalas)).toBe(text);
    expect(tabbyHalalas(text)).toBe(halalas);
  });

  it("reads amounts without two decimals", () => {
    expect(tabbyHalalas("100")).toBe(10000);
    expect(tabbyHalalas("100.5")).toBe(10050);
    expect(() => tabbyHalalas("1e3")).toThrow();
  });
});
