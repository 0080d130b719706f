import "server-only";
import { createHmac } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { toHalalas, toSar } from "../../money";
import { providerRequest, secretsEqual } from "../http";
import { ProviderError, type PaymentState, type ProviderConfig, type ProviderErrorCode } from "../provider";

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

async function call<T extends z.ZodType>(cfg: ProviderConfig, code: ProviderErrorCode, path: string, body: unknown, data: T): Promise<z.infer<T>> {
  const answer = await providerRequest(cfg, { provider: "myfatoorah", code, method: "POST", path, auth: "bearer", body, schema: envelope(data) });
  // A 200 that says IsSuccess false is still a refusal.
  if (!answer.IsSuccess || answer.Data == null) {
    const details = (answer.ValidationErrors ?? []).map((e) => (e.Name ? `${e.Name}: ${e.Error ?? ""}` : (e.Error ?? ""))).filter(Boolean);
    const providerMessage = [answer.Message, details.join("; ")].filter(Boolean).join(" — ") || "IsSuccess false";
    throw new ProviderError(code, cfg.provider ?? "myfatoorah", { httpStatus: 200, providerMessage });
  }
  return answer.Data;
}

const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);
const id = z.union([z.number(), z.string().min(1)]).transform(String);

/** `POST /v2/InitiateSession` ⇒ the session the browser's embedded card form fills (CREATE_PAYMENT_SESSION_ERROR). */
export async function initiateMyFatoorahSession(cfg: ProviderConfig, input: { customerIdentifier?: string } = {}): Promise<{ sessionId: string; countryCode: string }> {
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
  return phone ? { MobileCountryCode: `+${phone.countryCallingCode}`, CustomerMobile: phone.nationalNumber } : { CustomerMobile: mobile };
}

/** `POST /v2/ExecutePayment` for a session whose card form was submitted ⇒ the hosted 3-D Secure page (CREATE_PAYMENT_SESSION_ERROR). */
export async function executeMyFatoorahPayment(cfg: ProviderConfig, input: ExecuteMyFatoorahPaymentInput): Promise<{ invoiceId: string; paymentUrl: string }> {
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
export async function getMyFatoorahPaymentStatus(cfg: ProviderConfig, input: { key: string; keyType: "InvoiceId" | "PaymentId" }): Promise<PaymentState> {
  const data = await call(cfg, "SP:PaymentProviderUnavailable", "/v2/GetPaymentStatus", { Key: input.key, KeyType: input.keyType }, statusData);
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
  if (invoiceStatus === "paid") {
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

/** MyFatoorah's webhook signature: base64 HMAC-SHA256 of the Data fields as `Key=value` joined by "," in their order. */
export function myfatoorahSignature(data: Record<string, unknown>, secret: string): string {
  const text = Object.entries(data)
    .map(([key, value]) => `${key}=${value ?? ""}`)
    .join(",");
  return createHmac("sha256", secret).update(text, "utf8").digest("base64");
}

/** True when the `MyFatoorah-Signature` header matches the body's Data (constant time). */
export function verifyMyFatoorahSignature(data: Record<string, unknown>, signature: string | null | undefined, secret: string): boolean {
  return secretsEqual(signature, myfatoorahSignature(data, secret));
}
