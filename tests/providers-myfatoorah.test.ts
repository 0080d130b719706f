import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  executeMyFatoorahPayment,
  getMyFatoorahPaymentStatus,
  initiateMyFatoorahSession,
  myfatoorahSignatureV1,
  myfatoorahSignatureV2,
  verifiedMyFatoorahInvoice,
} from "@/payment-providers/myfatoorah/client";
import {
  libraryV1Signature,
  libraryV2Signature,
  v1PaymentWebhook,
  v2PaymentWebhook,
} from "./helpers/myfatoorah-library";
import { ProviderError } from "@/platform/payments/provider";
import { commonFailures, startFakeProvider, type FakeProvider } from "./helpers/fake-provider";

const ok = (Data: unknown) => ({ json: { IsSuccess: true, Message: "", ValidationErrors: null, Data } });
const refusal = {
  status: 400,
  json: {
    IsSuccess: false,
    Message: "Invalid data",
    ValidationErrors: [{ Name: "SessionId", Error: "The session has no card" }],
    Data: null,
  },
};

const execute = {
  sessionId: "sess-1",
  amount: 20070,
  customerName: "Sara Ali",
  customerMobile: "+966500000001",
  callbackUrl: "https://spa.test/checkout/done/c1",
  errorUrl: "https://spa.test/checkout/done/c1?status=failure",
  language: "en" as const,
  customerReference: "c1",
  userDefinedField: "a1",
};

const invoice = (InvoiceStatus: string, transactions: Record<string, unknown>[] = []) =>
  ok({
    InvoiceId: 6210,
    InvoiceStatus,
    InvoiceValue: 200.7,
    CustomerReference: "c1",
    UserDefinedField: "a1",
    InvoiceTransactions: transactions,
  });

describe("MyFatoorah client", () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  // Generous by default (a loaded machine is slow to its first request); short only where a hang is the point.
  const cfg = (timeoutMs = 5_000) => fake.config("mf_test_rimal", { timeoutMs });

  it("initiates a session: POST /v2/InitiateSession with the bearer token", async () => {
    fake.answer(() => ok({ SessionId: "sess-1", CountryCode: "SAU" }));
    expect(await initiateMyFatoorahSession(cfg(), { customerIdentifier: "cust-1" })).toEqual({
      sessionId: "sess-1",
      countryCode: "SAU",
    });
    expect(fake.seen[0]).toMatchObject({ method: "POST", url: "/v2/InitiateSession" });
    expect(fake.seen[0].headers.authorization).toBe("Bearer mf_test_rimal");
    expect(fake.seen[0].json()).toEqual({ CustomerIdentifier: "cust-1" });
    await initiateMyFatoorahSession(cfg());
    expect(fake.seen[1].json()).toEqual({});
  });

  it("executes a payment: InvoiceValue in riyals, mobile split for MyFatoorah, InvoiceId as text", async () => {
    fake.answer(() =>
      ok({ InvoiceId: 6210, PaymentURL: "https://spa.test/sandbox/myfatoorah/pay/6210", IsDirectPayment: false }),
    );
    expect(await executeMyFatoorahPayment(cfg(), execute)).toEqual({
      invoiceId: "6210",
      paymentUrl: "https://spa.test/sandbox/myfatoorah/pay/6210",
    });
    expect(fake.seen[0].url).toBe("/v2/ExecutePayment");
    expect(fake.seen[0].json()).toEqual({
      SessionId: "sess-1",
      InvoiceValue: 200.7,
      CustomerName: "Sara Ali",
      MobileCountryCode: "+966",
      CustomerMobile: "500000001",
      CallBackUrl: execute.callbackUrl,
      ErrorUrl: execute.errorUrl,
      Language: "en",
      CustomerReference: "c1",
      DisplayCurrencyIso: "SAR",
      UserDefinedField: "a1",
    });
  });

  it("a 400 envelope ⇒ CREATE_PAYMENT_SESSION_ERROR with Message and ValidationErrors", async () => {
    fake.answer(() => refusal);
    const err = await executeMyFatoorahPayment(cfg(), execute).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      provider: "myfatoorah",
      httpStatus: 400,
      providerMessage: "Invalid data — SessionId: The session has no card",
    });
  });

  it("a 200 that says IsSuccess false is a refusal too", async () => {
    fake.answer(() => ({ json: { ...refusal.json } }));
    await expect(initiateMyFatoorahSession(cfg())).rejects.toMatchObject({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      httpStatus: 200,
      providerMessage: /Invalid data/,
    });
  });

  it("a 401 (no body) ⇒ the call's error, named for rekaz-pay when the config says so", async () => {
    fake.answer(() => ({ status: 401, text: "" }));
    await expect(initiateMyFatoorahSession({ ...cfg(), provider: "rekaz-pay" })).rejects.toMatchObject({
      code: "CREATE_PAYMENT_SESSION_ERROR",
      provider: "rekaz-pay",
      httpStatus: 401,
      providerMessage: "HTTP 401",
    });
  });

  it.each(commonFailures)(
    "executing: $name ⇒ CREATE_PAYMENT_SESSION_ERROR",
    async ({ reply, timeoutMs, httpStatus, message }) => {
      fake.answer(() => reply);
      const err = await executeMyFatoorahPayment(cfg(timeoutMs), execute).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "CREATE_PAYMENT_SESSION_ERROR", httpStatus });
      expect(String((err as ProviderError).providerMessage)).toMatch(message);
    },
  );

  it.each(commonFailures)("status: $name ⇒ SP:PaymentProviderUnavailable", async ({ reply, timeoutMs, httpStatus }) => {
    fake.answer(() => reply);
    await expect(
      getMyFatoorahPaymentStatus(cfg(timeoutMs), { key: "6210", keyType: "InvoiceId" }),
    ).rejects.toMatchObject({ code: "SP:PaymentProviderUnavailable", httpStatus });
  });

  it("status: posts Key and KeyType; a paid MADA invoice ⇒ paid, MADA, amount in halalas", async () => {
    fake.answer(() =>
      invoice("Paid", [
        { PaymentId: "07-1", PaymentGateway: "MADA", TransactionStatus: "Failed", Error: "DECLINED" },
        {
          PaymentId: "07-2",
          PaymentGateway: "MADA",
          TransactionStatus: "Succss",
          PaidCurrency: "SAR",
          PaidCurrencyValue: "200.700",
        },
      ]),
    );
    const state = await getMyFatoorahPaymentStatus(cfg(), { key: "07-2", keyType: "PaymentId" });
    expect(fake.seen[0]).toMatchObject({ method: "POST", url: "/v2/GetPaymentStatus" });
    expect(fake.seen[0].json()).toEqual({ Key: "07-2", KeyType: "PaymentId" });
    expect(state).toEqual({
      providerPaymentId: "6210",
      status: "paid",
      amount: 20070,
      currency: "SAR",
      failureReason: null,
      method: "MADA",
    });
  });

  it("status: VISA/MASTER ⇒ VISA; Canceled ⇒ cancelled; Pending with a failed last try ⇒ failed with its Error; else pending", async () => {
    const read = async (reply: ReturnType<typeof invoice>) => {
      fake.answer(() => reply);
      return getMyFatoorahPaymentStatus(cfg(), { key: "6210", keyType: "InvoiceId" });
    };
    expect(await read(invoice("Paid", [{ PaymentGateway: "VISA/MASTER", TransactionStatus: "Succss" }]))).toMatchObject(
      { status: "paid", method: "VISA", amount: 20070 },
    );
    expect(await read(invoice("Canceled"))).toMatchObject({ status: "cancelled", failureReason: null });
    expect(
      await read(
        invoice("Pending", [{ TransactionStatus: "Failed", Error: "INSUFFICIENT_FUNDS", ErrorCode: "MF020" }]),
      ),
    ).toMatchObject({
      status: "failed",
      failureReason: "INSUFFICIENT_FUNDS",
    });
    expect(
      await read(
        invoice("Pending", [{ TransactionStatus: "Failed", Error: "DECLINED" }, { TransactionStatus: "InProgress" }]),
      ),
    ).toMatchObject({ status: "pending" });
    expect(await read(invoice("Pending"))).toMatchObject({ status: "pending", method: null, amount: 20070 });
  });
});

describe("MyFatoorah webhook signatures, as MyFatoorah's own library makes them", () => {
  const v1 = v1PaymentWebhook(6210, "cart-1");
  const v2 = v2PaymentWebhook(6211, "cart-2");
  const headers = (signature: string | null, version?: string) =>
    new Headers({
      ...(signature === null ? {} : { "MyFatoorah-Signature": signature }),
      ...(version ? { "MyFatoorah-Webhook-Version": version } : {}),
    });

  it("version 1: the Data fields in case-insensitive key order, PHP's text for null, booleans and floats", () => {
    expect(myfatoorahSignatureV1(v1.Data, "whsec")).toBe(libraryV1Signature(v1.Data, "whsec"));
    const odd = { zeta: 1.5, Alpha: true, beta: false, Gamma: null, delta: 0.1 + 0.2, eTA: "x" };
    expect(myfatoorahSignatureV1(odd, "whsec")).toBe(libraryV1Signature(odd, "whsec"));
    // A refund's GatewayReference is not signed.
    const refund = { RefundId: 5, GatewayReference: "GR-1", RefundStatus: "REFUNDED" };
    expect(myfatoorahSignatureV1(refund, "whsec", 2)).toBe(libraryV1Signature(refund, "whsec", 2));
    expect(myfatoorahSignatureV1(refund, "whsec", 2)).toBe(
      libraryV1Signature({ RefundId: 5, RefundStatus: "REFUNDED" }, "whsec"),
    );
  });

  it("version 2: each event's data model in its documented order", () => {
    expect(myfatoorahSignatureV2(1, v2.Data, "whsec")).toBe(libraryV2Signature(1, v2.Data, "whsec"));
    const refund = {
      Refund: { Id: "77", Status: "REFUNDED" },
      Amount: { ValueInBaseCurrency: "10.00" },
      ReferencedInvoice: { Id: "6211" },
    };
    expect(myfatoorahSignatureV2(2, refund, "whsec")).toBe(libraryV2Signature(2, refund, "whsec"));
    expect(myfatoorahSignatureV2(3, {}, "whsec")).toBeNull();
  });

  it("names the invoice of a verified webhook of either version, and nothing for a wrong or missing signature", () => {
    expect(verifiedMyFatoorahInvoice(v1, headers(libraryV1Signature(v1.Data, "whsec"), "v1"), "whsec")).toBe("6210");
    expect(verifiedMyFatoorahInvoice(v1, headers(libraryV1Signature(v1.Data, "whsec")), "whsec")).toBe("6210");
    expect(verifiedMyFatoorahInvoice(v2, headers(libraryV2Signature(1, v2.Data, "whsec"), "v2"), "whsec")).toBe("6211");
    expect(verifiedMyFatoorahInvoice(v2, headers(libraryV2Signature(1, v2.Data, "whsec"), "v1"), "whsec")).toBeNull();
    expect(verifiedMyFatoorahInvoice(v1, headers(libraryV1Signature(v1.Data, "other")), "whsec")).toBeNull();
    expect(
      verifiedMyFatoorahInvoice(
        { ...v1, Data: { ...v1.Data, InvoiceValueInBaseCurrency: 1 } },
        headers(libraryV1Signature(v1.Data, "whsec")),
        "whsec",
      ),
    ).toBeNull();
    expect(verifiedMyFatoorahInvoice(v1, headers(null), "whsec")).toBeNull();
    expect(verifiedMyFatoorahInvoice(v1, headers(""), "whsec")).toBeNull();
  });
});
