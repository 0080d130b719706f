import { expect, it } from "vitest";
import { pressSandboxButton } from "@/platform/sandbox";
import { bearer, callSandbox, describeSandbox } from "./helpers/sandbox";

const TOKEN = bearer("mf_test_alpha");
const V2 = "/sandbox/myfatoorah/v2";
const CALLBACK = "http://spa.localhost:3000/checkout/done/cart-1";
const ERROR = "http://spa.localhost:3000/checkout/done/cart-1?status=failure";

type Envelope<T> = {
  IsSuccess: boolean;
  Message: string;
  ValidationErrors: { Name: string; Error: string }[] | null;
  Data: T;
};
type Status = {
  InvoiceId: number;
  InvoiceStatus: string;
  InvoiceValue: number;
  CustomerReference: string;
  UserDefinedField: string;
  InvoiceTransactions: {
    PaymentId: string;
    PaymentGateway: string;
    TransactionStatus: string;
    Error: string;
    PaidCurrency: string;
    PaidCurrencyValue: number;
  }[];
};

const year = String(new Date().getFullYear() + 2).slice(-2);

describeSandbox("MyFatoorah sandbox", (db) => {
  const session = async (auth = TOKEN) => {
    const res = await callSandbox(db(), "POST", `${V2}/InitiateSession`, {
      auth,
      json: { CustomerIdentifier: "cust-1" },
    });
    expect(res.status).toBe(200);
    const body = res.body as Envelope<{ SessionId: string; CountryCode: string }>;
    expect(body).toMatchObject({ IsSuccess: true, Data: { SessionId: expect.any(String), CountryCode: "SAU" } });
    return body.Data.SessionId;
  };
  const submitCard = (sessionId: string, number: string, networks = "md,v,m") =>
    callSandbox(db(), "POST", "http://spa.localhost:3000/sandbox/myfatoorah/cardview/v1/card", {
      json: { sessionId, networks, number, name: "Sara Ahmed", month: "12", year, cvc: "123" },
    });
  const execute = (sessionId: string, auth = TOKEN) =>
    callSandbox(db(), "POST", `${V2}/ExecutePayment`, {
      auth,
      json: {
        SessionId: sessionId,
        InvoiceValue: 123.45,
        CustomerName: "Sara Ahmed",
        CustomerMobile: "+966500000001",
        CallBackUrl: CALLBACK,
        ErrorUrl: ERROR,
        Language: "en",
        CustomerReference: "cart-1",
        DisplayCurrencyIso: "SAR",
        UserDefinedField: "attempt-1",
      },
    });
  const status = async (Key: string | number, KeyType: string, auth = TOKEN) =>
    callSandbox(db(), "POST", `${V2}/GetPaymentStatus`, { auth, json: { Key, KeyType } });
  const paidInvoice = async (number: string) => {
    const sessionId = await session();
    expect((await submitCard(sessionId, number)).status).toBe(200);
    const res = await execute(sessionId);
    expect(res.status).toBe(200);
    return (res.body as Envelope<{ InvoiceId: number; PaymentURL: string; IsDirectPayment: boolean }>).Data;
  };

  it("takes a card in a session, executes it to a 3-D Secure page and reports Paid after Authenticate", async () => {
    const sessionId = await session();
    expect(await submitCard(sessionId, "4201320111111010")).toMatchObject({
      status: 200,
      body: { SessionId: sessionId, CardBrand: "Mada" },
    });
    const res = await execute(sessionId);
    const data = (res.body as Envelope<{ InvoiceId: number; PaymentURL: string; IsDirectPayment: boolean }>).Data;
    expect(data).toMatchObject({ InvoiceId: expect.any(Number), IsDirectPayment: false });
    expect(data.PaymentURL).toBe(`http://spa.localhost:3000/sandbox/myfatoorah/3ds/${data.InvoiceId}`);
    const pending = (await status(data.InvoiceId, "InvoiceId")).body as Envelope<Status>;
    expect(pending.Data).toMatchObject({
      InvoiceStatus: "Pending",
      InvoiceValue: 123.45,
      CustomerReference: "cart-1",
      UserDefinedField: "attempt-1",
      InvoiceTransactions: [{ TransactionStatus: "InProgress", PaymentGateway: "MADA" }],
    });
    const page = await callSandbox(db(), "GET", data.PaymentURL);
    expect(page.text).toContain("Sandbox — MyFatoorah");
    expect(page.text).toContain("123.45 SAR");
    expect(page.text).toContain(">Authenticate</button>");
    expect(page.text).toContain(">Fail authentication</button>");
    const back = new URL(await pressSandboxButton(db(), data.PaymentURL, "authenticate"));
    const paymentId = pending.Data.InvoiceTransactions[0].PaymentId;
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(back.searchParams)).toEqual({ paymentId, Id: paymentId });
    const paid = (await status(paymentId, "PaymentId")).body as Envelope<Status>;
    expect(paid.Data).toMatchObject({
      InvoiceId: data.InvoiceId,
      InvoiceStatus: "Paid",
      InvoiceTransactions: [
        { PaymentId: paymentId, TransactionStatus: "Succss", PaidCurrency: "SAR", PaidCurrencyValue: 123.45 },
      ],
    });
  });

  it("keeps ExecutePayment's ExpiryDate, finds an invoice by CustomerReference, and lists its refunds (GetRefundStatus) by invoice or refund", async () => {
    const sessionId = await session();
    await submitCard(sessionId, "4111111111111111");
    const executed = await callSandbox(db(), "POST", `${V2}/ExecutePayment`, {
      auth: TOKEN,
      json: {
        SessionId: sessionId,
        InvoiceValue: 200,
        CallBackUrl: CALLBACK,
        ErrorUrl: ERROR,
        CustomerReference: "attempt-refunds",
        ExpiryDate: "2030-06-14T13:34:28.387Z",
      },
    });
    const { InvoiceId, PaymentURL } = (executed.body as Envelope<{ InvoiceId: number; PaymentURL: string }>).Data;
    await pressSandboxButton(db(), PaymentURL, "authenticate");
    expect((await status("attempt-refunds", "CustomerReference")).body).toMatchObject({
      IsSuccess: true,
      Data: { InvoiceId, InvoiceStatus: "Paid", ExpiryDate: "June 14, 2030", ExpiryTime: "13:34:28.387" },
    });
    expect((await status("attempt-refunds", "CustomerReference", bearer("mf_test_beta"))).body).toMatchObject({
      IsSuccess: false,
    });
    const refund = (Amount: number) =>
      callSandbox(db(), "POST", `${V2}/MakeRefund`, {
        auth: TOKEN,
        json: {
          Key: InvoiceId,
          KeyType: "InvoiceId",
          RefundChargeOnCustomer: false,
          ServiceChargeOnCustomer: false,
          Amount,
          Comment: "one line",
          ExternalIdentifier: "line-1",
        },
      });
    const made = (await refund(50)).body as Envelope<{ RefundId: number; RefundReference: string }>;
    await refund(25.5);
    const refunds = (Key: string | number, KeyType: string) =>
      callSandbox(db(), "POST", `${V2}/GetRefundStatus`, { auth: TOKEN, json: { Key, KeyType } });
    expect((await refunds(InvoiceId, "InvoiceId")).body).toMatchObject({
      IsSuccess: true,
      Data: {
        RefundStatusResult: [
          { RefundId: made.Data.RefundId, RefundStatus: "Refunded", InvoiceId, Amount: 50 },
          { RefundStatus: "Refunded", InvoiceId, Amount: 25.5 },
        ],
      },
    });
    expect((await refunds(made.Data.RefundReference, "RefundReference")).body).toMatchObject({
      Data: { RefundStatusResult: [{ RefundId: made.Data.RefundId, Amount: 50 }] },
    });
    expect((await refunds(999, "InvoiceId")).body).toMatchObject({ IsSuccess: false });
  });

  it("fails 3-D Secure back to the ErrorUrl with the reason on the transaction", async () => {
    const data = await paidInvoice("4111111111111111");
    const back = new URL(await pressSandboxButton(db(), data.PaymentURL, "fail"));
    expect(back.searchParams.get("status")).toBe("failure");
    expect(back.searchParams.get("paymentId")).toMatch(/^\d+$/);
    const res = (await status(data.InvoiceId, "InvoiceId")).body as Envelope<Status>;
    expect(res.Data).toMatchObject({
      InvoiceStatus: "Pending",
      InvoiceTransactions: [
        {
          TransactionStatus: "Failed",
          Error: "3-D Secure transaction attempt failed (DECLINED)",
          PaymentGateway: "VISA/MASTER",
        },
      ],
    });
    // Settled: a second press goes back the same way.
    expect(new URL(await pressSandboxButton(db(), data.PaymentURL, "authenticate")).searchParams.get("status")).toBe(
      "failure",
    );
  });

  it("declines a failure card after authentication with its reason", async () => {
    const data = await paidInvoice("4000000000000010");
    await pressSandboxButton(db(), data.PaymentURL, "authenticate");
    const res = (await status(data.InvoiceId, "InvoiceId")).body as Envelope<Status>;
    expect(res.Data.InvoiceTransactions[0]).toMatchObject({ TransactionStatus: "Failed", Error: "INSUFFICIENT_FUNDS" });
  });

  it("refuses to execute a session without a card, a used session and another account's session", async () => {
    const sessionId = await session();
    const noCard = await execute(sessionId);
    expect(noCard.status).toBe(400);
    expect(noCard.body).toMatchObject({
      IsSuccess: false,
      Message: expect.any(String),
      ValidationErrors: [{ Name: "SessionId" }],
      Data: null,
    });
    await submitCard(sessionId, "4111111111111111");
    expect((await execute(sessionId, bearer("mf_test_beta"))).status).toBe(400);
    expect((await execute(sessionId)).status).toBe(200);
    expect((await execute(sessionId)).status).toBe(400);
    expect((await submitCard(sessionId, "4111111111111111")).status).toBe(400);
  });

  it("checks the card in the frame's post: Luhn, networks, expiry", async () => {
    const sessionId = await session();
    expect(await submitCard(sessionId, "4111111111111112")).toMatchObject({
      status: 400,
      body: { error: "Card number is invalid" },
    });
    expect(await submitCard(sessionId, "4111111111111111", "md")).toMatchObject({
      status: 400,
      body: { error: "This card type is not accepted" },
    });
    expect(await submitCard("no-such-session", "4111111111111111")).toMatchObject({ status: 400 });
    expect(await submitCard(sessionId, "5105105105105100")).toMatchObject({
      status: 200,
      body: { CardBrand: "Master" },
    });
  });

  it("validates bodies, keys and accounts in the envelope", async () => {
    const bad = await callSandbox(db(), "POST", `${V2}/ExecutePayment`, {
      auth: TOKEN,
      json: { SessionId: "x", InvoiceValue: -1, CallBackUrl: "nope", ErrorUrl: ERROR },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as Envelope<null>).ValidationErrors?.map((e) => e.Name).sort()).toEqual([
      "CallBackUrl",
      "InvoiceValue",
    ]);
    expect((await callSandbox(db(), "POST", `${V2}/InitiateSession`, { json: {} })).status).toBe(401);
    const data = await paidInvoice("4111111111111111");
    expect((await status(data.InvoiceId, "InvoiceId", bearer("mf_test_beta"))).body).toMatchObject({
      IsSuccess: false,
      Data: null,
    });
    expect((await status("999", "InvoiceId")).status).toBe(400);
    expect((await status("1", "Nonsense")).status).toBe(400);
    // Paths are case-insensitive, as MyFatoorah's are.
    expect(
      (await callSandbox(db(), "POST", "/sandbox/myfatoorah/v2/initiatesession", { auth: TOKEN, json: {} })).status,
    ).toBe(200);
  });
});
