import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/platform/db/client";
import { THREE_DS_FAILED, type CardBrand } from "@/platform/sandbox/cards";
import {
  bearerToken,
  formField,
  httpOrigin,
  json,
  randomDigits,
  readJson,
  seeOther,
  withQuery,
} from "@/platform/sandbox/http";
import { cardviewSandbox, type MyFatoorahSessionData } from "./cardview";
import { notFoundPage, pressButton, renderHostedPage } from "@/platform/sandbox/pages";
import { findObject, insertObject, listObjects, mutateObject, transitionObject } from "@/platform/sandbox/store";

// The MyFatoorah v2 sandbox (rekaz-pay speaks the same API): /sandbox/myfatoorah/v2/…, the embedded
// card form under /sandbox/myfatoorah/cardview/v1/ and the 3-D Secure page /sandbox/myfatoorah/3ds/{InvoiceId}.
// The bearer token is the account.

type Transaction = {
  PaymentId: string;
  TransactionDate: string;
  PaymentGateway: "MADA" | "VISA/MASTER";
  TransactionStatus: "InProgress" | "Succss" | "Failed";
  Error: string;
  ErrorCode: string;
  PaidCurrency: "SAR";
  PaidCurrencyValue: number;
  CardNumber: string;
};

type Refund = {
  RefundId: string;
  Amount: number;
  Comment: string;
  CreatedDate: string;
  /** The merchant's own data for the refund (MakeRefund's ExternalIdentifier). */
  ExternalIdentifier?: string | null;
};

export type MyFatoorahInvoiceData = {
  InvoiceId: number;
  /** DuplicatePayment: paid more than once (the shopper paid the same invoice twice). */
  InvoiceStatus: "Pending" | "Paid" | "Canceled" | "DuplicatePayment";
  InvoiceValue: number;
  CustomerName: string;
  CustomerMobile: string;
  CustomerReference: string;
  UserDefinedField: string;
  /** When the invoice stops taking payments (ExecutePayment's ExpiryDate; the sandbox's own three days without one). */
  ExpiryDate?: string;
  CallBackUrl: string;
  ErrorUrl: string;
  Language: string;
  CreatedDate: string;
  cardBrand: CardBrand;
  cardOutcome: string | null;
  InvoiceTransactions: Transaction[];
  /** Refunds made (MakeRefund), in riyals. */
  Refunds?: Refund[];
};

const P = "myfatoorah" as const;

export const mfOk = (data: unknown) => json(200, { IsSuccess: true, Message: "", ValidationErrors: null, Data: data });
export const mfFail = (message: string, errors: { Name: string; Error: string }[] | null = null, status = 400) =>
  json(status, { IsSuccess: false, Message: message, ValidationErrors: errors, Data: null });

const zodFail = (e: z.ZodError) =>
  mfFail(
    "Invalid data",
    e.issues.map((i) => ({ Name: i.path.join(".") || "Body", Error: i.message })),
  );

async function initiateSession(req: Request, db: Db, account: string): Promise<Response> {
  const body = await readJson(req);
  const input = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const sessionId = randomUUID();
  const data: MyFatoorahSessionData = {
    CustomerIdentifier: typeof input.CustomerIdentifier === "string" ? input.CustomerIdentifier : null,
    card: null,
    created_at: new Date().toISOString(),
  };
  await insertObject(db, P, "session", sessionId, { account, status: "new", data });
  return mfOk({ SessionId: sessionId, CountryCode: "SAU", CustomerTokens: [] });
}

const executeBody = z.looseObject({
  SessionId: z.string().min(1),
  InvoiceValue: z.number().positive(),
  CustomerName: z.string().nullish(),
  CustomerMobile: z.string().nullish(),
  CallBackUrl: z.url(),
  ErrorUrl: z.url(),
  Language: z.string().default("en"),
  CustomerReference: z.string().nullish(),
  DisplayCurrencyIso: z.literal("SAR").default("SAR"),
  UserDefinedField: z.string().nullish(),
  ExpiryDate: z.iso.datetime({ local: true, offset: true }).nullish(),
});

const DEFAULT_EXPIRY_MS = 3 * 86_400_000;

async function executePayment(req: Request, db: Db, account: string): Promise<Response> {
  const parsed = executeBody.safeParse(await readJson(req));
  if (!parsed.success) return zodFail(parsed.error);
  const input = parsed.data;
  const session = await findObject<MyFatoorahSessionData>(db, P, "session", input.SessionId);
  if (!session || session.account !== account)
    return mfFail("Invalid session", [{ Name: "SessionId", Error: "The session is not valid" }]);
  if (session.status === "used")
    return mfFail("Invalid session", [{ Name: "SessionId", Error: "The session was used already" }]);
  const card = session.data.card;
  if (session.status !== "card" || !card)
    return mfFail("The card details were not submitted for this session", [
      { Name: "SessionId", Error: "Card details are missing" },
    ]);
  if (
    !(await transitionObject<MyFatoorahSessionData>(db, P, "session", input.SessionId, ["card"], { status: "used" }))
  ) {
    return mfFail("Invalid session", [{ Name: "SessionId", Error: "The session was used already" }]);
  }
  const invoiceId = Number(randomDigits(7));
  const paymentId = randomDigits(20);
  const now = new Date().toISOString();
  const value = Math.round(input.InvoiceValue * 100) / 100;
  const data: MyFatoorahInvoiceData = {
    InvoiceId: invoiceId,
    InvoiceStatus: "Pending",
    InvoiceValue: value,
    CustomerName: input.CustomerName ?? "",
    CustomerMobile: input.CustomerMobile ?? "",
    CustomerReference: input.CustomerReference ?? "",
    UserDefinedField: input.UserDefinedField ?? "",
    ExpiryDate: input.ExpiryDate ?? new Date(Date.parse(now) + DEFAULT_EXPIRY_MS).toISOString(),
    CallBackUrl: input.CallBackUrl,
    ErrorUrl: input.ErrorUrl,
    Language: input.Language.toLowerCase(),
    CreatedDate: now,
    cardBrand: card.brand,
    cardOutcome: card.outcome,
    InvoiceTransactions: [
      {
        PaymentId: paymentId,
        TransactionDate: now,
        PaymentGateway: card.brand === "mada" ? "MADA" : "VISA/MASTER",
        TransactionStatus: "InProgress",
        Error: "",
        ErrorCode: "",
        PaidCurrency: "SAR",
        PaidCurrencyValue: value,
        CardNumber: `${card.firstSix}******${card.lastFour}`,
      },
    ],
  };
  await insertObject(db, P, "invoice", String(invoiceId), { account, status: "awaiting_3ds", data });
  await insertObject(db, P, "payment", paymentId, { account, status: "ref", data: { invoiceId: String(invoiceId) } });
  return mfOk({
    InvoiceId: invoiceId,
    IsDirectPayment: false,
    PaymentURL: `${httpOrigin(input.CallBackUrl)}/sandbox/myfatoorah/3ds/${invoiceId}`,
    CardIdentifier: null,
    RecurringId: "",
  });
}

const statusBody = z.object({
  Key: z.union([z.string().min(1), z.number()]).transform(String),
  KeyType: z.enum(["InvoiceId", "PaymentId", "CustomerReference"]),
});

/** The invoice a GetPaymentStatus key names: by its id, a payment's id, or the merchant's CustomerReference (its latest invoice). */
async function invoiceByKey(db: Db, account: string, key: string, keyType: z.infer<typeof statusBody>["KeyType"]) {
  if (keyType === "CustomerReference")
    return (await listObjects<MyFatoorahInvoiceData>(db, P, "invoice", ""))
      .filter((i) => i.account === account && i.data.CustomerReference === key)
      .sort((x, y) => y.data.CreatedDate.localeCompare(x.data.CreatedDate))[0];
  const invoiceKey =
    keyType === "InvoiceId" ? key : (await findObject<{ invoiceId: string }>(db, P, "payment", key))?.data.invoiceId;
  const invoice = invoiceKey ? await findObject<MyFatoorahInvoiceData>(db, P, "invoice", invoiceKey) : null;
  return invoice?.account === account ? invoice : undefined;
}

/** MyFatoorah's ExpiryDate and ExpiryTime as GetPaymentStatus writes them ("June 14, 2021", "13:34:28.387"). */
function expiryFields(expiry: string | undefined) {
  if (!expiry) return { ExpiryDate: null, ExpiryTime: null };
  const at = new Date(expiry);
  return {
    ExpiryDate: at.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
    ExpiryTime: at.toISOString().slice(11, 23),
  };
}

async function getPaymentStatus(req: Request, db: Db, account: string): Promise<Response> {
  const parsed = statusBody.safeParse(await readJson(req));
  if (!parsed.success) return zodFail(parsed.error);
  const invoice = await invoiceByKey(db, account, parsed.data.Key, parsed.data.KeyType);
  if (!invoice) return mfFail("No data match with this key", [{ Name: "Key", Error: "Invalid key" }]);
  const d = invoice.data;
  return mfOk({
    InvoiceId: d.InvoiceId,
    InvoiceStatus: d.InvoiceStatus,
    InvoiceReference: `SBX-${d.InvoiceId}`,
    CustomerReference: d.CustomerReference,
    CreatedDate: d.CreatedDate,
    ...expiryFields(d.ExpiryDate),
    InvoiceValue: d.InvoiceValue,
    InvoiceDisplayValue: `${d.InvoiceValue.toFixed(2)} SAR`,
    CustomerName: d.CustomerName,
    CustomerMobile: d.CustomerMobile,
    CustomerEmail: null,
    UserDefinedField: d.UserDefinedField,
    InvoiceTransactions: d.InvoiceTransactions,
    Suppliers: [],
  });
}

const refundBody = z.object({
  Key: z.union([z.string().min(1), z.number()]).transform(String),
  KeyType: z.enum(["InvoiceId", "PaymentId"]),
  RefundChargeOnCustomer: z.boolean(),
  ServiceChargeOnCustomer: z.boolean(),
  Amount: z.number().positive(),
  Comment: z.string().max(500).nullish(),
  ExternalIdentifier: z.string().max(255).nullish(),
});

const riyals = (n: number) => Math.round(n * 100) / 100;

/**
 * `POST /v2/MakeRefund`: as MyFatoorah answers it. Only a paid invoice can be refunded, and never
 * more than was paid less what was refunded already (checked under the invoice's lock, so two
 * refunds at once cannot pass it together).
 */
async function makeRefund(req: Request, db: Db, account: string): Promise<Response> {
  const parsed = refundBody.safeParse(await readJson(req));
  if (!parsed.success) return zodFail(parsed.error);
  const { Key, KeyType, Amount, Comment, ExternalIdentifier } = parsed.data;
  const invoiceKey =
    KeyType === "InvoiceId" ? Key : (await findObject<{ invoiceId: string }>(db, P, "payment", Key))?.data.invoiceId;
  const found = invoiceKey ? await findObject<MyFatoorahInvoiceData>(db, P, "invoice", invoiceKey) : null;
  if (!found || found.account !== account)
    return mfFail("No data match with this key", [{ Name: "Key", Error: "Invalid key" }]);
  type Answer = { ok: true; refund: Refund } | { ok: false; field: string; error: string };
  const changed = await mutateObject<MyFatoorahInvoiceData, Answer>(db, P, "invoice", invoiceKey!, (invoice) => {
    const d = invoice.data;
    if (d.InvoiceStatus !== "Paid" && d.InvoiceStatus !== "DuplicatePayment")
      return { refused: { ok: false, field: "Key", error: "The invoice is not paid" } };
    const paid = d.InvoiceTransactions.filter((t) => t.TransactionStatus === "Succss").reduce(
      (sum, t) => sum + t.PaidCurrencyValue,
      0,
    );
    const refunded = (d.Refunds ?? []).reduce((sum, r) => sum + r.Amount, 0);
    if (riyals(Amount) > riyals(paid - refunded))
      return {
        refused: {
          ok: false,
          field: "Amount",
          error: `The refund amount is more than the available amount (${riyals(paid - refunded).toFixed(2)})`,
        },
      };
    const refund: Refund = {
      RefundId: randomDigits(6),
      Amount: riyals(Amount),
      Comment: Comment ?? "",
      CreatedDate: new Date().toISOString(),
      ExternalIdentifier: ExternalIdentifier ?? null,
    };
    return { data: { Refunds: [...(d.Refunds ?? []), refund] }, result: { ok: true, refund } };
  });
  const answer = changed?.result;
  if (!answer) return mfFail("No data match with this key", [{ Name: "Key", Error: "Invalid key" }]);
  if (!answer.ok) return mfFail("Refund failed", [{ Name: answer.field, Error: answer.error }]);
  return mfOk({
    Key,
    RefundId: Number(answer.refund.RefundId),
    RefundReference: `RF-${answer.refund.RefundId}`,
    Amount: answer.refund.Amount,
    Comment: answer.refund.Comment,
  });
}

const refundStatusBody = z.object({
  Key: z.union([z.string().min(1), z.number()]).transform(String),
  KeyType: z.enum(["InvoiceId", "RefundId", "RefundReference"]),
});

/**
 * `POST /v2/GetRefundStatus` by InvoiceId, RefundId or RefundReference: the invoice's refunds (or
 * the one named). A sandbox refund is refunded at once (MyFatoorah's auto refund).
 */
async function getRefundStatus(req: Request, db: Db, account: string): Promise<Response> {
  const parsed = refundStatusBody.safeParse(await readJson(req));
  if (!parsed.success) return zodFail(parsed.error);
  const { Key, KeyType } = parsed.data;
  const refundId = KeyType === "RefundReference" ? Key.replace(/^RF-/, "") : Key;
  const invoices = (await listObjects<MyFatoorahInvoiceData>(db, P, "invoice", "")).filter(
    (i) =>
      i.account === account &&
      (KeyType === "InvoiceId" ? i.externalId === Key : (i.data.Refunds ?? []).some((r) => r.RefundId === refundId)),
  );
  const results = invoices.flatMap((i) =>
    (i.data.Refunds ?? [])
      .filter((r) => KeyType === "InvoiceId" || r.RefundId === refundId)
      .map((r) => ({
        RefundId: Number(r.RefundId),
        RefundStatus: "Refunded",
        InvoiceId: i.data.InvoiceId,
        Amount: r.Amount,
        RefundReference: `RF-${r.RefundId}`,
      })),
  );
  if (!invoices.length) return mfFail("No data match with this key", [{ Name: "Key", Error: "Invalid key" }]);
  return mfOk({ RefundStatusResult: results });
}

const ACTIONS: Record<string, true> = { authenticate: true, fail: true };

const returnUrl = (invoice: MyFatoorahInvoiceData) => {
  const last = invoice.InvoiceTransactions[invoice.InvoiceTransactions.length - 1];
  const paid = invoice.InvoiceStatus === "Paid";
  return withQuery(paid ? invoice.CallBackUrl : invoice.ErrorUrl, { paymentId: last.PaymentId, Id: last.PaymentId });
};

/** Authenticate: paid, unless the card is one of the failure cards; Fail: the 3-D Secure failure. */
function settle(
  invoice: MyFatoorahInvoiceData,
  action: string,
): { status: string; data: Partial<MyFatoorahInvoiceData> } {
  const error = action === "fail" ? THREE_DS_FAILED : invoice.cardOutcome;
  const transactions = invoice.InvoiceTransactions.map((t, i, all) =>
    i === all.length - 1
      ? {
          ...t,
          TransactionStatus: error ? ("Failed" as const) : ("Succss" as const),
          Error: error ?? "",
          ErrorCode: error ? "MF0SBX" : "",
        }
      : t,
  );
  return {
    status: error ? "failed" : "paid",
    data: { InvoiceStatus: error ? "Pending" : "Paid", InvoiceTransactions: transactions },
  };
}

/**
 * The shopper pays an invoice that is paid already (a second card payment on the same link):
 * MyFatoorah then reports the invoice as DuplicatePayment, with two successful transactions.
 */
async function payAgain(db: Db, invoiceId: string): Promise<void> {
  await mutateObject<MyFatoorahInvoiceData, null>(db, P, "invoice", invoiceId, (invoice) => {
    const d = invoice.data;
    if (d.InvoiceStatus !== "Paid") return { refused: null };
    const first = d.InvoiceTransactions.find((t) => t.TransactionStatus === "Succss")!;
    const again: Transaction = { ...first, PaymentId: randomDigits(20), TransactionDate: new Date().toISOString() };
    return {
      data: { InvoiceStatus: "DuplicatePayment", InvoiceTransactions: [...d.InvoiceTransactions, again] },
      result: null,
    };
  });
}

async function threeDSecure(req: Request, db: Db, invoiceId: string): Promise<Response> {
  const invoice = await findObject<MyFatoorahInvoiceData>(db, P, "invoice", invoiceId);
  if (!invoice) return notFoundPage("MyFatoorah");
  if (req.method === "POST" && invoice.status === "paid" && (await formField(req.clone(), "action")) === "payAgain") {
    await payAgain(db, invoiceId);
    return seeOther(returnUrl((await findObject<MyFatoorahInvoiceData>(db, P, "invoice", invoiceId))!.data));
  }
  if (req.method === "POST") {
    const decide = (action: string) => (ACTIONS[action] ? settle(invoice.data, action) : null);
    return pressButton<MyFatoorahInvoiceData>(
      req,
      db,
      { provider: P, kind: "invoice", id: invoiceId, open: ["awaiting_3ds"] },
      decide,
      (o) => returnUrl(o.data),
    );
  }
  const open = invoice.status === "awaiting_3ds";
  const t = invoice.data.InvoiceTransactions[invoice.data.InvoiceTransactions.length - 1];
  return renderHostedPage({
    provider: "MyFatoorah",
    accent: "#0f766e",
    title: "3-D Secure verification",
    intro: "Your bank asks you to confirm this card payment.",
    amount: `${invoice.data.InvoiceValue.toFixed(2)} SAR`,
    rows: [
      ["Invoice", String(invoice.data.InvoiceId)],
      ...(invoice.data.CustomerName ? ([["Customer", invoice.data.CustomerName]] as [string, string][]) : []),
      ["Card", `${invoice.data.cardBrand.toUpperCase()} ${t.CardNumber}`],
    ],
    buttons: open
      ? [
          { action: "authenticate", label: "Authenticate", tone: "primary" },
          { action: "fail", label: "Fail authentication", tone: "danger" },
        ]
      : undefined,
    settled: open ? undefined : { message: `This payment is ${invoice.status}.`, returnUrl: returnUrl(invoice.data) },
    // A paid invoice can be paid again, as a shopper with the link still open could: MyFatoorah's DuplicatePayment.
    extraButtons:
      invoice.status === "paid"
        ? [{ action: "payAgain", label: "Pay again (duplicate payment)", tone: "secondary" }]
        : undefined,
  });
}

const API: Record<string, (req: Request, db: Db, account: string) => Promise<Response>> = {
  initiatesession: initiateSession,
  executepayment: executePayment,
  getpaymentstatus: getPaymentStatus,
  makerefund: makeRefund,
  getrefundstatus: getRefundStatus,
};

/** /sandbox/myfatoorah/<path…> */
export async function myfatoorahSandbox(req: Request, db: Db, path: string[]): Promise<Response> {
  const [head, a] = path;
  if (head === "cardview") return cardviewSandbox(req, db, path.slice(1));
  if (head === "3ds" && a && path.length === 2 && (req.method === "GET" || req.method === "POST"))
    return threeDSecure(req, db, a);
  const op = head?.toLowerCase() === "v2" && path.length === 2 ? API[a.toLowerCase()] : undefined;
  if (!op) return mfFail("Not found", null, 404);
  if (req.method !== "POST") return mfFail("Method not allowed", null, 405);
  const account = bearerToken(req);
  if (!account) return mfFail("Unauthorized", null, 401);
  return op(req, db, account);
}
