import "server-only";
import { errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { toHalalas, toSar } from "@/platform/money";
import { PlatformError } from "@/platform/errors";
import { providerRequest, segment } from "@/platform/payments/http";
import type { PaymentState, ProviderConfig, RefundsSeen } from "@/platform/payments/provider";

/**
 * Tamara (docs.tamara.co), Bearer API token. Amounts are numbers in riyals
 * (`{amount: 100.5, currency: "SAR"}`): halalas are converted only here.
 */

export type TamaraCheckoutInput = {
  orderReferenceId: string;
  /** Halalas (this and every amount below). */
  totalAmount: number;
  shippingAmount: number;
  taxAmount: number;
  items: { name: string; quantity: number; unitPrice: number; referenceId: string; sku: string; type: string }[];
  /** Tamara documents the email as optional: sent only when the customer has one (never ""). */
  consumer: { firstName: string; lastName: string; phoneNumber: string; email?: string | null };
  description: string;
  merchantUrl: { success: string; failure: string; cancel: string; notification: string };
  locale: "ar_SA" | "en_US";
  currency?: "SAR";
};

const money = (halalas: number, currency: string) => ({ amount: toSar(halalas), currency });

const checkoutSchema = z.object({
  order_id: z.string().min(1),
  checkout_id: z.string().min(1),
  checkout_url: z.string().min(1),
});

/** `POST /checkout` ⇒ the order and its hosted page (CREATE_TAMARA_SESSION_ERROR). */
export async function createTamaraCheckout(
  cfg: ProviderConfig,
  input: TamaraCheckoutInput,
): Promise<{ orderId: string; checkoutId: string; checkoutUrl: string }> {
  const currency = input.currency ?? "SAR";
  const answer = await providerRequest(cfg, {
    provider: "tamara",
    code: "CREATE_TAMARA_SESSION_ERROR",
    method: "POST",
    path: "/checkout",
    auth: "bearer",
    body: {
      order_reference_id: input.orderReferenceId,
      total_amount: money(input.totalAmount, currency),
      shipping_amount: money(input.shippingAmount, currency),
      tax_amount: money(input.taxAmount, currency),
      items: input.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unit_price: money(item.unitPrice, currency),
        total_amount: money(item.unitPrice * item.quantity, currency),
        reference_id: item.referenceId,
        sku: item.sku,
        type: item.type,
      })),
      consumer: {
        first_name: input.consumer.firstName,
        last_name: input.consumer.lastName,
        phone_number: input.consumer.phoneNumber,
        ...(input.consumer.email ? { email: input.consumer.email } : {}),
      },
      country_code: "SA",
      description: input.description,
      merchant_url: input.merchantUrl,
      locale: input.locale,
      payment_type: "PAY_BY_INSTALMENTS",
    },
    schema: checkoutSchema,
  });
  return { orderId: answer.order_id, checkoutId: answer.checkout_id, checkoutUrl: answer.checkout_url };
}

const amountNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const amountSchema = z.object({ amount: amountNumber, currency: z.string() });
const orderSchema = z.object({
  order_id: z.string().min(1),
  order_reference_id: z.string().nullish(),
  status: z.string(),
  total_amount: amountSchema,
  refunded_amount: amountSchema.nullish(),
  transactions: z
    .object({
      refunds: z
        .array(z.object({ refund_id: z.string().nullish(), merchant_refund_id: z.string().nullish() }))
        .nullish(),
    })
    .nullish(),
});

/**
 * Tamara's order statuses one to one: approved (the merchant must authorise), authorised (Tamara
 * guarantees it; captured later), partially/fully captured and partially refunded (money taken),
 * fully refunded, canceled, declined, expired; new and updated are still open.
 */
export function tamaraStatus(status: string): PaymentState["status"] {
  const s = status.toLowerCase();
  if (s === "approved") return "approved";
  if (s === "authorised" || s === "authorized") return "authorized";
  if (s === "fully_captured" || s === "partially_captured" || s === "partially_refunded") return "paid";
  if (s === "declined") return "failed";
  if (s === "expired" || s === "canceled" || s === "cancelled" || s === "fully_refunded") return "cancelled";
  return "pending";
}

/** `GET /orders/{order_id}` as Tamara answers it (SP:PaymentProviderUnavailable). */
const readTamaraOrder = (cfg: ProviderConfig, orderId: string) =>
  providerRequest(cfg, {
    provider: "tamara",
    code: "SP:PaymentProviderUnavailable",
    method: "GET",
    path: `/orders/${segment(orderId)}`,
    auth: "bearer",
    schema: orderSchema,
  });

/** `GET /orders/{order_id}` ⇒ the order as the settlement reads it. */
export async function fetchTamaraOrder(cfg: ProviderConfig, orderId: string): Promise<PaymentState> {
  const order = await readTamaraOrder(cfg, orderId);
  return {
    providerPaymentId: order.order_id,
    status: tamaraStatus(order.status),
    amount: toHalalas(order.total_amount.amount),
    currency: order.total_amount.currency.toUpperCase(),
    failureReason: null,
    method: "TAMARA",
  };
}

/**
 * `GET /orders/{order_id}` ⇒ what Tamara gave back of the order: its refunded_amount and the
 * merchant_refund_id its refund transactions keep.
 */
export async function tamaraRefunds(cfg: ProviderConfig, orderId: string): Promise<RefundsSeen> {
  const order = await readTamaraOrder(cfg, orderId);
  return {
    total: order.refunded_amount ? toHalalas(order.refunded_amount.amount) : 0,
    keys: (order.transactions?.refunds ?? []).flatMap((r) => (r.merchant_refund_id ? [r.merchant_refund_id] : [])),
  };
}

/**
 * `POST /orders/{order_id}/authorise` (idempotent at Tamara), then the order as it now stands:
 * the authorise answer carries no amount, and the settlement checks the amount.
 */
export async function authoriseTamaraOrder(cfg: ProviderConfig, orderId: string): Promise<PaymentState> {
  await providerRequest(cfg, {
    provider: "tamara",
    code: "SP:PaymentProviderUnavailable",
    method: "POST",
    path: `/orders/${segment(orderId)}/authorise`,
    auth: "bearer",
    body: {},
    schema: z.object({ order_id: z.string().nullish(), status: z.string().nullish() }),
  });
  return fetchTamaraOrder(cfg, orderId);
}

const moneyAnswer = z.object({ order_id: z.string().nullish(), status: z.string().nullish() });

/** A money operation: its id. A refusal (4xx) ⇒ SP:RefundRefused; no answer ⇒ the same code (the caller retries). */
async function operation(
  cfg: ProviderConfig,
  path: string,
  body: object,
  idField: "capture_id" | "cancel_id" | "refund_id",
): Promise<string> {
  const answer = await providerRequest(cfg, {
    provider: "tamara",
    code: "SP:RefundRefused",
    method: "POST",
    path,
    auth: "bearer",
    body,
    schema: moneyAnswer.extend({ [idField]: z.string().min(1) }),
  });
  return String((answer as Record<string, unknown>)[idField]);
}

/** `POST /payments/capture`: takes `amount` halalas of an authorised order (Tamara pays it out in the next settlement). */
export const captureTamaraOrder = (cfg: ProviderConfig, orderId: string, amount: number, currency = "SAR") =>
  operation(
    cfg,
    "/payments/capture",
    {
      order_id: orderId,
      total_amount: money(amount, currency),
      shipping_info: { shipped_at: new Date().toISOString(), shipping_company: "N/A" },
    },
    "capture_id",
  );

/** `POST /orders/{order_id}/cancel`: releases an authorised order (or what is left of it) before capture. */
export const cancelTamaraOrder = (cfg: ProviderConfig, orderId: string, amount: number, currency = "SAR") =>
  operation(cfg, `/orders/${segment(orderId)}/cancel`, { total_amount: money(amount, currency) }, "cancel_id");

/**
 * `POST /payments/simplified-refund/{order_id}`: gives back `amount` halalas of what was captured;
 * `merchantRefundId` is kept on the refund, where the order's transactions show it.
 */
export const refundTamaraOrder = (
  cfg: ProviderConfig,
  orderId: string,
  amount: number,
  comment: string,
  merchantRefundId: string,
  currency = "SAR",
) =>
  operation(
    cfg,
    `/payments/simplified-refund/${segment(orderId)}`,
    { total_amount: money(amount, currency), comment, merchant_refund_id: merchantRefundId },
    "refund_id",
  );

/** A Tamara notification's token (the `tamaraToken` query parameter or the bearer): HS256, signed with the notification token. */
export async function verifyTamaraNotification(
  token: string | null | undefined,
  notificationToken: string,
): Promise<JWTPayload> {
  const invalid = () =>
    new PlatformError("SP:InvalidWebhookSignature", 401, "The notification's signature is not valid");
  if (!token || !notificationToken) throw invalid();
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(notificationToken), { algorithms: ["HS256"] });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) throw invalid();
    throw err;
  }
}
