import "server-only";
import { createHmac } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { toHalalas, toSar } from "@/platform/money";
import { providerRequest, secretsEqual } from "@/platform/payments/http";
import {
  ProviderError,
  type PaymentState,
  type ProviderConfig,
  type ProviderErrorCode,
  type RefundsSeen,
} from "@/platform/payments/provider";

/**
 * MyFatoorah v2 (docs.myfatoorah.com), also rekaz-pay (set `cfg.provider`). Bearer token; every
 * answer is the envelope `{IsSuccess, Message, ValidationErrors, Data}`. InvoiceValue is a
 * decimal in riyals: halalas are converted only here.
 */

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    IsSuccess: z.boolean(),
    Message: z.string().nullish(),
    ValidationErrors: z.array(z.object({ Name: z.string().nullish(), Error: z.string().nullish() })).nullish(),
    Data: data.nullish(),
  });

async function call<T extends z.ZodType>(
  cfg: ProviderConfig,
  code: ProviderErrorCode,
  path: string,
  body: unknown,
  data: T,
): Promise<z.infer<T>> {
  const answer = await providerRequest(cfg, {
    provider: "myfatoorah",
    code,
    method: "POST",
    path,
    auth: "bearer",
    body,
    schema: envelope(data),
  });
  // A 200 that says IsSuccess false is still a refusal.
  if (!answer.IsSuccess || answer.Data == null) {
    const details = (answer.ValidationErrors ?? [])
      .map((e) => (e.Name ? `${e.Name}: ${e.Error ?? ""}` : (e.Error ?? "")))
      .filter(Boolean);
    const providerMessage = [answer.Message, details.join("; ")].filter(Boolean).join(" — ") || "IsSuccess false";
    throw new ProviderError(code, cfg.provider ?? "myfatoorah", { httpStatus: 200, providerMessage, refused: true });
  }
  return answer.Data;
}

const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const id = z.union([z.number(), z.string().min(1)]).transform(String);

/** `POST /v2/InitiateSession` ⇒ the session the browser's embedded card form fills (CREATE_PAYMENT_SESSION_ERROR). */
export async function initiateMyFatoorahSession(
  cfg: ProviderConfig,
  input: { customerIdentifier?: string } = {},
): Promise<{ sessionId: string; countryCode: string }> {
  const data = await call(
    cfg,
    "CREATE_PAYMENT_SESSION_ERROR",
    "/v2/InitiateSession",
    input.customerIdentifier ? { CustomerIdentifier: input.customerIdentifier } : {},
    z.object({ SessionId: z.string().min(1), CountryCode: z.string() }),
  );
  return { sessionId: data.SessionId, countryCode: data.CountryCode };
}

export type ExecuteMyFatoorahPaymentInput = {
  sessionId: string;
  /** Halalas. */
  amount: number;
  customerName: string;
  /** E.164 (+9665…); sent as MobileCountryCode + the national number, as MyFatoorah wants (max 11 digits). */
  customerMobile: string;
  callbackUrl: string;
  errorUrl: string;
  language: "ar" | "en";
  /** The cart id. */
  customerReference: string;
  /** The attempt id. */
  userDefinedField: string;
};

function mobileFields(mobile: string): { CustomerMobile: string; MobileCountryCode?: string } {
  const phone = parsePhoneNumberFromString(mobile);
  return phone
    ? { MobileCountryCode: `+${phone.countryCallingCode}`, CustomerMobile: phone.nationalNumber }
    : { CustomerMobile: mobile };
}

/** `POST /v2/ExecutePayment` for a session whose card form was submitted ⇒ the hosted 3-D Secure page (CREATE_PAYMENT_SESSION_ERROR). */
export async function executeMyFatoorahPayment(
  cfg: ProviderConfig,
  input: ExecuteMyFatoorahPaymentInput,
): Promise<{ invoiceId: string; paymentUrl: string }> {
  const data = await call(
    cfg,
    "CREATE_PAYMENT_SESSION_ERROR",
    "/v2/ExecutePayment",
    {
      SessionId: input.sessionId,
      InvoiceValue: toSar(input.amount),
      CustomerName: input.customerName,
      ...mobileFields(input.customerMobile),
      CallBackUrl: input.callbackUrl,
      ErrorUrl: input.errorUrl,
      Language: input.language,
      CustomerReference: input.customerReference,
      DisplayCurrencyIso: "SAR",
      UserDefinedField: input.userDefinedField,
    },
    z.object({ InvoiceId: id, PaymentURL: z.string().min(1) }),
  );
  return { invoiceId: data.InvoiceId, paymentUrl: data.PaymentURL };
}

const statusData = z.object({
  InvoiceId: id,
  InvoiceStatus: z.string(),
  InvoiceValue: num,
  CustomerReference: z.string().nullish(),
  UserDefinedField: z.string().nullish(),
  InvoiceTransactions: z
    .array(
      z.object({
        PaymentId: id.nullish(),
        PaymentGateway: z.string().nullish(),
        TransactionStatus: z.string().nullish(),
        Error: z.string().nullish(),
        ErrorCode: z.string().nullish(),
        PaidCurrency: z.string().nullish(),
        PaidCurrencyValue: num.nullish(),
      }),
    )
    .nullish(),
});

/** `POST /v2/GetPaymentStatus` ⇒ the invoice as the settlement reads it; providerPaymentId is the InvoiceId (SP:PaymentProviderUnavailable). */
export async function getMyFatoorahPaymentStatus(
  cfg: ProviderConfig,
  input: { key: string; keyType: "InvoiceId" | "PaymentId" },
): Promise<PaymentState> {
  const data = await call(
    cfg,
    "SP:PaymentProviderUnavailable",
    "/v2/GetPaymentStatus",
    { Key: input.key, KeyType: input.keyType },
    statusData,
  );
  const transactions = data.InvoiceTransactions ?? [];
  const last = transactions.at(-1);
  // "Succss" is MyFatoorah's own spelling.
  const succeeded = transactions.find((t) => /^succ/i.test(t.TransactionStatus ?? ""));
  const state: PaymentState = {
    providerPaymentId: data.InvoiceId,
    status: "pending",
    amount: toHalalas(data.InvoiceValue),
    currency: "SAR",
    failureReason: null,
    method: null,
  };
  const invoiceStatus = data.InvoiceStatus.toLowerCase();
  // DuplicatePayment: the invoice was paid (more than once); MyFatoorah's library reads it as paid.
  if (invoiceStatus === "paid" || invoiceStatus === "duplicatepayment") {
    const gateway = (succeeded ?? last)?.PaymentGateway ?? "";
    state.status = "paid";
    state.method = /mada/i.test(gateway) ? "MADA" : "VISA";
    // What was charged, when the provider says so, is what the amount check must see.
    if (succeeded?.PaidCurrency && succeeded.PaidCurrencyValue != null) {
      state.currency = succeeded.PaidCurrency.toUpperCase();
      state.amount = toHalalas(succeeded.PaidCurrencyValue);
    }
  } else if (invoiceStatus === "canceled" || invoiceStatus === "cancelled" || invoiceStatus === "expired") {
    state.status = "cancelled";
  } else if (last && /^fail/i.test(last.TransactionStatus ?? "")) {
    state.status = "failed";
    state.failureReason = last.Error || last.ErrorCode || null;
  }
  return state;
}

/**
 * `POST /v2/MakeRefund` for an invoice, full or partial (halalas), as MyFatoorah's library sends it:
 * the charges are the merchant's, not the customer's. A refusal (more than was paid, an unpaid
 * invoice) is IsSuccess false ⇒ SP:RefundRefused.
 */
export async function makeMyFatoorahRefund(
  cfg: ProviderConfig,
  input: { invoiceId: string; amount: number; comment: string; externalIdentifier: string },
): Promise<{ refundId: string; amount: number }> {
  const data = await call(
    cfg,
    "SP:RefundRefused",
    "/v2/MakeRefund",
    {
      Key: input.invoiceId,
      KeyType: "InvoiceId",
      RefundChargeOnCustomer: false,
      ServiceChargeOnCustomer: false,
      Amount: toSar(input.amount),
      Comment: input.comment,
      ExternalIdentifier: input.externalIdentifier,
    },
    z.object({ RefundId: id, Amount: num }),
  );
  return { refundId: data.RefundId, amount: toHalalas(data.Amount) };
}

/**
 * `POST /v2/GetRefundStatus` by InvoiceId ⇒ what MyFatoorah gave back of an invoice: its refunds
 * pending or refunded (a cancelled one gave nothing back). Its refunds keep no key of the
 * merchant's (ExternalIdentifier comes back only in the refund's webhook): the total tells.
 */
export async function myFatoorahRefunds(cfg: ProviderConfig, invoiceId: string): Promise<RefundsSeen> {
  const data = await call(
    cfg,
    "SP:PaymentProviderUnavailable",
    "/v2/GetRefundStatus",
    { Key: invoiceId, KeyType: "InvoiceId" },
    z.object({
      RefundStatusResult: z.array(z.object({ RefundStatus: z.string().nullish(), Amount: num })).nullish(),
    }),
  );
  const given = (data.RefundStatusResult ?? []).filter((r) => r.RefundStatus?.toLowerCase() !== "canceled");
  return { total: given.reduce((sum, r) => sum + toHalalas(r.Amount), 0), keys: [] };
}

/**
 * A Data value as PHP's sprintf("%s") writes it, which MyFatoorah's library signs with: null and
 * false are "", true is "1", a float has PHP's 14 significant digits.
 */
function phpText(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (value === true) return "1";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(14)));
  return typeof value === "string" ? value : "Array";
}

/** PHP's strcasecmp: byte order of the lower-cased keys. */
const caseless = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

const sign = (fields: [string, unknown][], secret: string) =>
  createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(fields.map(([k, v]) => `${k}=${phpText(v)}`).join(","), "utf8")
    .digest("base64");

/**
 * Webhook version 1 (MyFatoorah-Webhook-Version: v1): base64 HMAC-SHA256 of the Data fields as
 * `Key=value` joined by ",", the keys in case-insensitive order (the library's uksort strcasecmp);
 * a refund's (EventType 2) GatewayReference is left out.
 */
export function myfatoorahSignatureV1(data: Record<string, unknown>, secret: string, eventType?: number): string {
  const fields = Object.entries(data).filter(([key]) => !(eventType === 2 && key === "GatewayReference"));
  return sign(
    fields.sort(([a], [b]) => caseless(a, b)),
    secret,
  );
}

type Path = (data: Record<string, unknown>) => unknown;
const at =
  (...keys: string[]): Path =>
  (data) =>
    keys.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), data);

/** Webhook version 2: each event's documented data model, in its documented order. */
const V2_MODELS: Record<number, [string, Path][]> = {
  1: [
    ["Invoice.Id", at("Invoice", "Id")],
    ["Invoice.Status", at("Invoice", "Status")],
    ["Transaction.Status", at("Transaction", "Status")],
    ["Transaction.PaymentId", at("Transaction", "PaymentId")],
    ["Invoice.ExternalIdentifier", at("Invoice", "ExternalIdentifier")],
  ],
  2: [
    ["Refund.Id", at("Refund", "Id")],
    ["Refund.Status", at("Refund", "Status")],
    ["Amount.ValueInBaseCurrency", at("Amount", "ValueInBaseCurrency")],
    ["ReferencedInvoice.Id", at("ReferencedInvoice", "Id")],
  ],
};

/** Webhook version 2 (MyFatoorah-Webhook-Version: v2) of an event code; null for an event without a model we know. */
export function myfatoorahSignatureV2(code: number, data: Record<string, unknown>, secret: string): string | null {
  const model = V2_MODELS[code];
  return model
    ? sign(
        model.map(([name, path]) => [name, path(data)]),
        secret,
      )
    : null;
}

const v1Body = z.object({ EventType: z.number().int(), Data: z.record(z.string(), z.unknown()) });
const v2Body = z.object({ Event: z.object({ Code: z.number().int() }), Data: z.record(z.string(), z.unknown()) });

/**
 * The invoice a MyFatoorah webhook is about once its signature holds (constant time), else null:
 * version 1 names it as Data.InvoiceId; version 2 as Data.Invoice.Id (payment status) or
 * Data.ReferencedInvoice.Id (refund). The version comes from its header (v1 when absent).
 */
export function verifiedMyFatoorahInvoice(body: unknown, headers: Headers, secret: string): string | null {
  const signature = headers.get("myfatoorah-signature");
  if ((headers.get("myfatoorah-webhook-version") ?? "v1").toLowerCase() === "v2") {
    const parsed = v2Body.safeParse(body);
    if (!parsed.success) return null;
    const expected = myfatoorahSignatureV2(parsed.data.Event.Code, parsed.data.Data, secret);
    if (!expected || !secretsEqual(signature, expected)) return null;
    const invoice =
      parsed.data.Event.Code === 2
        ? at("ReferencedInvoice", "Id")(parsed.data.Data)
        : at("Invoice", "Id")(parsed.data.Data);
    return invoice == null || invoice === "" ? null : String(invoice);
  }
  const parsed = v1Body.safeParse(body);
  if (
    !parsed.success ||
    !secretsEqual(signature, myfatoorahSignatureV1(parsed.data.Data, secret, parsed.data.EventType))
  )
    return null;
  const invoice = parsed.data.Data.InvoiceId;
  return invoice == null || invoice === "" ? null : String(invoice);
}
