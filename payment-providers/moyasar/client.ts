import "server-only";
import { z } from "zod";
import { providerRequest, segment } from "@/platform/payments/http";
import type { OrderPaymentMethod, PaymentState, ProviderConfig } from "@/platform/payments/provider";

/**
 * Moyasar (moyasar.com/docs/api), base `…/v1`, Basic auth with the key as user. Amounts are
 * halalas on both sides, so nothing is converted here. Card data never passes through this
 * client: the browser creates the token, the server creates the payment from it.
 */

export type MoyasarSource = { type: "token"; token: string } | { type: "applepay"; token: string };

export type CreateMoyasarPaymentInput = {
  /** Halalas. */
  amount: number;
  currency: "SAR";
  description: string;
  callbackUrl: string;
  /** Idempotency: the same given_id answers the same payment. */
  givenId: string;
  metadata: Record<string, string>;
  source: MoyasarSource;
};

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  source: z
    .object({
      type: z.string(),
      company: z.string().nullish(),
      name: z.string().nullish(),
      number: z.string().nullish(),
      message: z.string().nullish(),
      transaction_url: z.string().nullish(),
      gateway_id: z.string().nullish(),
      reference_number: z.string().nullish(),
    })
    .nullish(),
  refunded: z.number().int().nullish(),
  captured: z.number().int().nullish(),
  refunded_at: z.string().nullish(),
  captured_at: z.string().nullish(),
  voided_at: z.string().nullish(),
});

/** A Moyasar payment as the API answers it (provider field names; amount in halalas). */
export type MoyasarPayment = z.infer<typeof paymentSchema>;

/** `POST /payments` with the account's key; a refusal (4xx), fault or timeout ⇒ CREATE_PAYMENT_SESSION_ERROR. A declined card is not an error: status "failed". */
export function createMoyasarPayment(cfg: ProviderConfig, input: CreateMoyasarPaymentInput): Promise<MoyasarPayment> {
  return providerRequest(cfg, {
    provider: "moyasar",
    code: "CREATE_PAYMENT_SESSION_ERROR",
    method: "POST",
    path: "/payments",
    auth: "basic",
    body: {
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      callback_url: input.callbackUrl,
      given_id: input.givenId,
      metadata: input.metadata,
      source: input.source,
    },
    schema: paymentSchema,
  });
}

/** `GET /payments/{id}` (secret key); any failure ⇒ SP:PaymentProviderUnavailable (the settlement asks again later). */
export function fetchMoyasarPayment(cfg: ProviderConfig, id: string): Promise<MoyasarPayment> {
  return providerRequest(cfg, {
    provider: "moyasar",
    code: "SP:PaymentProviderUnavailable",
    method: "GET",
    path: `/payments/${segment(id)}`,
    auth: "basic",
    schema: paymentSchema,
  });
}

/** What a payment operation answers: the payment after it. A refusal (4xx) ⇒ SP:RefundRefused; no answer ⇒ SP:PaymentProviderUnavailable. */
function operation(
  cfg: ProviderConfig,
  id: string,
  action: "refund" | "void" | "capture",
  amount?: number,
): Promise<MoyasarPayment> {
  return providerRequest(cfg, {
    provider: "moyasar",
    code: "SP:RefundRefused",
    method: "POST",
    path: `/payments/${segment(id)}/${action}`,
    auth: "basic",
    body: amount === undefined ? {} : { amount },
    schema: paymentSchema,
  });
}

/** `POST /payments/{id}/refund` (secret key), all of it or `amount` halalas of what was captured. */
export const refundMoyasarPayment = (cfg: ProviderConfig, id: string, amount?: number) =>
  operation(cfg, id, "refund", amount);
/** `POST /payments/{id}/void`: releases an authorisation, or a payment not yet settled. */
export const voidMoyasarPayment = (cfg: ProviderConfig, id: string) => operation(cfg, id, "void");
/** `POST /payments/{id}/capture`: takes an authorised (manual) payment, all of it or `amount` halalas. */
export const captureMoyasarPayment = (cfg: ProviderConfig, id: string, amount?: number) =>
  operation(cfg, id, "capture", amount);

function moyasarMethod(p: MoyasarPayment): OrderPaymentMethod | null {
  if (!p.source) return null;
  if (p.source.type === "applepay") return "APPLE_PAY";
  if (p.source.company?.toLowerCase() === "mada") return "MADA";
  // Every other card network is recorded as the spec's VISA ("Visa/Mastercard").
  return p.source.company ? "VISA" : null;
}

const STATUS: Record<string, PaymentState["status"]> = {
  paid: "paid",
  captured: "paid",
  authorized: "authorized",
  initiated: "pending",
  failed: "failed",
  voided: "cancelled",
  refunded: "cancelled",
};

/** The payment as the settlement reads it; an unknown status is pending (never money we have not seen). */
export function moyasarState(p: MoyasarPayment): PaymentState {
  const status = STATUS[p.status] ?? "pending";
  return {
    providerPaymentId: p.id,
    status,
    amount: p.amount,
    currency: p.currency.toUpperCase(),
    failureReason: status === "failed" ? (p.source?.message ?? null) : null,
    method: moyasarMethod(p),
  };
}

/** `POST /webhooks` (secret key): Moyasar then posts payment events to `url`, with `sharedSecret` as each event's secret_token. */
export function registerMoyasarWebhook(cfg: ProviderConfig, input: { url: string; sharedSecret: string }) {
  return providerRequest(cfg, {
    provider: "moyasar",
    code: "SP:PaymentProviderUnavailable",
    method: "POST",
    path: "/webhooks",
    auth: "basic",
    body: {
      url: input.url,
      shared_secret: input.sharedSecret,
      events: [
        "payment_paid",
        "payment_failed",
        "payment_authorized",
        "payment_captured",
        "payment_refunded",
        "payment_voided",
      ],
    },
    schema: z.object({ id: z.string().min(1), url: z.string() }),
  });
}
