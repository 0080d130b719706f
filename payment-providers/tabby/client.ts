import "server-only";
import { z } from "zod";
import { providerRequest, segment } from "@/platform/payments/http";
import type { PaymentState, ProviderConfig, ProviderErrorCode, RefundsSeen } from "@/platform/payments/provider";

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

const amountText = z
  .union([z.string(), z.number().transform(String)])
  .refine((s) => /^-?\d+(\.\d+)?$/.test(s.trim()), "amount");

export type TabbyCheckoutInput = {
  /** Halalas. */
  amount: number;
  currency: "SAR";
  description: string;
  /** Tabby's schema requires the email; the platform sends the customer's, or a stable placeholder it owns. */
  buyer: { name: string; phone: string; email: string };
  /** Required by Tabby's schema; a service or digital order sends the store's own address. */
  shippingAddress: { city: string; address: string; zip: string };
  /** Required: since when the buyer is known and how loyal (number of earlier paid orders). */
  buyerHistory: { registeredSince: string; loyaltyLevel: number };
  /** Required (may be empty): the buyer's earlier orders with this store, newest first. */
  orderHistory: {
    purchasedAt: string;
    amount: number;
    status: "new" | "processing" | "complete" | "refunded" | "canceled" | "unknown";
  }[];
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
      available_products: z
        .object({ installments: z.array(z.object({ web_url: z.string().nullish() })).nullish() })
        .nullish(),
      products: z
        .object({
          installments: z
            .object({ is_available: z.boolean().nullish(), rejection_reason: z.string().nullish() })
            .nullish(),
        })
        .nullish(),
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
  code: Extract<
    ProviderErrorCode,
    "CREATE_TABBY_SESSION_ERROR" | "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR"
  > = "CREATE_TABBY_SESSION_ERROR",
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
        buyer: { name: input.buyer.name, phone: input.buyer.phone, email: input.buyer.email },
        shipping_address: input.shippingAddress,
        buyer_history: {
          registered_since: input.buyerHistory.registeredSince,
          loyalty_level: input.buyerHistory.loyaltyLevel,
        },
        order_history: input.orderHistory.map((o) => ({
          purchased_at: o.purchasedAt,
          amount: tabbyAmount(o.amount),
          status: o.status,
        })),
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

const moneyMove = z.object({ id: z.string().min(1), amount: amountText, reference_id: z.string().nullish() });
const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: amountText,
  currency: z.string(),
  order: z.object({ reference_id: z.string().nullish() }).nullish(),
  captures: z.array(moneyMove).nullish(),
  refunds: z.array(moneyMove).nullish(),
});
type TabbyPayment = z.infer<typeof paymentSchema>;

const total = (moves: { amount: string }[] | null | undefined) =>
  (moves ?? []).reduce((sum, m) => sum + tabbyHalalas(m.amount), 0);

/**
 * Tabby's statuses one to one: AUTHORIZED is money reserved (not yet taken: it must be captured);
 * CLOSED with captures is paid (refunded in full ⇒ cancelled); CLOSED without any capture is a
 * cancellation (Tabby's "closed without capture"), never paid.
 */
export function tabbyState(p: TabbyPayment): PaymentState {
  const captured = total(p.captures);
  const refunded = total(p.refunds);
  const s = p.status.toUpperCase();
  const status: PaymentState["status"] =
    s === "AUTHORIZED"
      ? "authorized"
      : s === "CLOSED"
        ? captured > 0 && refunded < captured
          ? "paid"
          : "cancelled"
        : s === "REJECTED"
          ? "failed"
          : s === "EXPIRED"
            ? "cancelled"
            : "pending";
  return {
    providerPaymentId: p.id,
    status,
    // What was taken once captured; what was authorised before.
    amount: status === "paid" ? captured - refunded : tabbyHalalas(p.amount),
    currency: p.currency.toUpperCase(),
    failureReason: null,
    method: "TABBY",
  };
}

/** `GET /api/v2/payments/{id}` ⇒ the payment as the settlement reads it (SP:PaymentProviderUnavailable). */
export const fetchTabbyPayment = async (cfg: ProviderConfig, id: string): Promise<PaymentState> =>
  tabbyState(await readTabbyPayment(cfg, id));

/** What Tabby gave back of a payment: its refunds' total and their reference_ids (the merchant's keys). */
export const tabbyRefunds = (p: TabbyPayment): RefundsSeen => ({
  total: total(p.refunds),
  keys: (p.refunds ?? []).flatMap((r) => (r.reference_id ? [r.reference_id] : [])),
});

/** `GET /api/v2/payments/{id}` as Tabby answers it. */
export function readTabbyPayment(cfg: ProviderConfig, id: string): Promise<TabbyPayment> {
  return providerRequest(cfg, {
    provider: "tabby",
    code: "SP:PaymentProviderUnavailable",
    method: "GET",
    path: `/api/v2/payments/${segment(id)}`,
    auth: "bearer",
    schema: paymentSchema,
  });
}

/** A money operation on a payment: the payment after it. A refusal (4xx) ⇒ SP:RefundRefused. */
function operation(
  cfg: ProviderConfig,
  id: string,
  action: "captures" | "refunds" | "close",
  body: object,
): Promise<TabbyPayment> {
  return providerRequest(cfg, {
    provider: "tabby",
    code: "SP:RefundRefused",
    method: "POST",
    path: `/api/v2/payments/${segment(id)}/${action}`,
    auth: "bearer",
    body,
    schema: paymentSchema,
  });
}

/** `POST /api/v2/payments/{id}/captures`: takes `amount` halalas of an AUTHORIZED payment (all of it ⇒ CLOSED). */
export const captureTabbyPayment = (cfg: ProviderConfig, id: string, amount: number, referenceId: string) =>
  operation(cfg, id, "captures", { amount: tabbyAmount(amount), reference_id: referenceId });

/**
 * `POST /api/v2/payments/{id}/refunds`: gives back `amount` halalas of what was captured.
 * `referenceId` is Tabby's idempotency key: the same one again is the same refund.
 */
export const refundTabbyPayment = (
  cfg: ProviderConfig,
  id: string,
  amount: number,
  reason: string,
  referenceId: string,
) => operation(cfg, id, "refunds", { amount: tabbyAmount(amount), reason, reference_id: referenceId });

/** `POST /api/v2/payments/{id}/close`: ends an AUTHORIZED payment; without a capture the shopper pays nothing. */
export const closeTabbyPayment = (cfg: ProviderConfig, id: string) => operation(cfg, id, "close", {});

const webhookSchema = z.object({
  id: z.string().min(1),
  url: z.string(),
  is_test: z.boolean().nullish(),
  header: z.object({ title: z.string(), value: z.string() }).nullish(),
});

/** `POST /api/v1/webhooks` with the merchant code: Tabby then notifies `url` with the header `{title: value}`. */
export function registerTabbyWebhook(
  cfg: ProviderConfig,
  input: { merchantCode: string; url: string; header: { title: string; value: string } },
) {
  return providerRequest(cfg, {
    provider: "tabby",
    code: "SP:PaymentProviderUnavailable",
    method: "POST",
    path: "/api/v1/webhooks",
    auth: "bearer",
    headers: { "X-Merchant-Code": input.merchantCode },
    body: { url: input.url, header: input.header },
    schema: webhookSchema,
  });
}
