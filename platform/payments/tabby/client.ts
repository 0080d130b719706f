import "server-only";
import { z } from "zod";
import { providerRequest, segment } from "../http";
import type { PaymentState, ProviderConfig, ProviderErrorCode } from "../provider";

/**
 * Tabby (docs.tabby.ai), API v2, Bearer secret key. Amounts are decimal strings ("100.00"):
 * halalas are converted only here.
 */

/** Halalas ⇒ "100.00" without floating-point rounding. */
export function tabbyAmount(halalas: number): string {
  const sign = halalas < 0 ? "-" : "";
  const abs = Math.abs(Math.round(halalas));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "100.00" (or "100", "100.5") ⇒ halalas. */
export function tabbyHalalas(amount: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(amount.trim());
  if (!m) throw new Error(`Not a Tabby amount: ${amount}`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] ? -value : value;
}

const amountText = z.union([z.string(), z.number().transform(String)]).refine((s) => /^-?\d+(\.\d+)?$/.test(s.trim()), "amount");

export type TabbyCheckoutInput = {
  /** Halalas. */
  amount: number;
  currency: "SAR";
  description: string;
  buyer: { name: string; phone: string; email?: string };
  orderReferenceId: string;
  /** unitPrice in halalas. */
  items: { title: string; quantity: number; unitPrice: number; referenceId: string; category: string }[];
  lang: "ar" | "en";
  merchantCode: string;
  merchantUrls: { success: string; cancel: string; failure: string };
};

export type TabbyCheckout = {
  id: string;
  status: "created" | "rejected";
  paymentId: string | null;
  /** The hosted page (created only). */
  webUrl: string | null;
  /** not_available, order_amount_too_high, order_amount_too_low, … (rejected only). */
  rejectionReason: string | null;
};

const checkoutSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  payment: z.object({ id: z.string().nullish() }).nullish(),
  configuration: z
    .object({
      available_products: z.object({ installments: z.array(z.object({ web_url: z.string().nullish() })).nullish() }).nullish(),
      products: z.object({ installments: z.object({ is_available: z.boolean().nullish(), rejection_reason: z.string().nullish() }).nullish() }).nullish(),
    })
    .nullish(),
});

/**
 * `POST /api/v2/checkout` — the session and, with the same call, the eligibility check. A rejection
 * is an answer (200, status "rejected"), not an error; failures ⇒ `code` (the eligibility check
 * passes TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR).
 */
export async function createTabbyCheckout(
  cfg: ProviderConfig,
  input: TabbyCheckoutInput,
  code: Extract<ProviderErrorCode, "CREATE_TABBY_SESSION_ERROR" | "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR"> = "CREATE_TABBY_SESSION_ERROR",
): Promise<TabbyCheckout> {
  const answer = await providerRequest(cfg, {
    provider: "tabby",
    code,
    method: "POST",
    path: "/api/v2/checkout",
    auth: "bearer",
    body: {
      payment: {
        amount: tabbyAmount(input.amount),
        currency: input.currency,
        description: input.description,
        buyer: { name: input.buyer.name, phone: input.buyer.phone, ...(input.buyer.email ? { email: input.buyer.email } : {}) },
        order: {
          reference_id: input.orderReferenceId,
          items: input.items.map((item) => ({
            title: item.title,
            quantity: item.quantity,
            unit_price: tabbyAmount(item.unitPrice),
            reference_id: item.referenceId,
            category: item.category,
          })),
        },
      },
      lang: input.lang,
      merchant_code: input.merchantCode,
      merchant_urls: input.merchantUrls,
    },
    schema: checkoutSchema,
  });
  const webUrl = answer.configuration?.available_products?.installments?.find((p) => p.web_url)?.web_url ?? null;
  const installments = answer.configuration?.products?.installments;
  // No hosted page to send the shopper to is a rejection whatever the status says.
  const rejected = answer.status === "rejected" || installments?.is_available === false || !webUrl;
  return {
    id: answer.id,
    status: rejected ? "rejected" : "created",
    paymentId: answer.payment?.id ?? null,
    webUrl: rejected ? null : webUrl,
    rejectionReason: rejected ? (installments?.rejection_reason ?? "not_available") : null,
  };
}

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: amountText,
  currency: z.string(),
  order: z.object({ reference_id: z.string().nullish() }).nullish(),
});

const STATUS: Record<string, PaymentState["status"]> = {
  AUTHORIZED: "authorized",
  CLOSED: "authorized",
  CREATED: "pending",
  REJECTED: "failed",
  EXPIRED: "cancelled",
};

/** `GET /api/v2/payments/{id}` ⇒ the payment as the settlement reads it (SP:PaymentProviderUnavailable). */
export async function fetchTabbyPayment(cfg: ProviderConfig, id: string): Promise<PaymentState> {
  const p = await providerRequest(cfg, {
    provider: "tabby",
    code: "SP:PaymentProviderUnavailable",
    method: "GET",
    path: `/api/v2/payments/${segment(id)}`,
    auth: "bearer",
    schema: paymentSchema,
  });
  const status = STATUS[p.status.toUpperCase()] ?? "pending";
  return {
    providerPaymentId: p.id,
    status,
    amount: tabbyHalalas(p.amount),
    currency: p.currency.toUpperCase(),
    failureReason: null,
    method: "TABBY",
  };
}
