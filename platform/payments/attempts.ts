import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { paymentAttempts, type OnlineMethod, type PaymentProvider } from "../db/schema";
import { PlatformError } from "../errors";
import { toSar } from "../money";
import { ProviderError } from "./provider";
import type { Locale } from "@/contract/tenant-settings";
import type { SalesChannel } from "@/contract/input/checkout";
import type { SettlementDto } from "@/contract/dto/payments";
import type { OnlineCheckoutInput } from "@/contract/input/payments";
import { cardFailureReasonKey } from "@/contract/payment-failures";
import type { ClientContext } from "@/server/client-ip";
import { orderDetails, savedOrderDetails } from "../services/checkout";
import { amountDue, checkPaymentMethod } from "../services/checkout-rules";
import { quoteOrder, type CompletionQuote, type OrderDetails } from "../services/complete-order";
import { remainderOf } from "../services/cart-totals";
import type { OwnerScope } from "../services/own-cart";

/**
 * Payment attempts: what every payment creation starts with — the cart's completion
 * dry run, the method check, the amount to pay — and how a stored attempt is answered.
 */

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type AttemptState = AttemptRow["state"];

/** Where a payment call comes from: the sales channel (coupon rules) and the reader's language. */
/** `client`: the request's address and user agent, kept with a consenting shopper's tracking context. */
export type PaymentRequest = { channel: SalesChannel; locale: Locale; client?: ClientContext };

/** The order snapshot kept on the attempt; the channel too, so that the settlement redeems the coupon where the shopper used it. */
/** `locale`: the checkout's language, which the order's messages are written in (absent on older attempts). */
export type AttemptDetails = OrderDetails & { channel: SalesChannel; locale?: Locale };

/** The cart as a completion would take it now, for `method`: the first failing rule throws. */
export type PaymentQuote = CompletionQuote & { amount: number };

/** The method is not one this store offers for this order (spec §5's method rules). */
export const methodNotAllowed = (method: string) =>
  new PlatformError("SP:PaymentMethodNotAllowed", 400, "This payment method is not available for this order", {
    paymentMethod: method,
  });

/**
 * The quote every payment start begins with, before any provider is called. `expectedTotal`: the
 * total (halalas) the shopper was shown, when the checkout sent it (its `checkout.expectedTotal`);
 * a cart priced otherwise since is refused (SP:CartTotalChanged), never charged the new amount.
 */
export async function quotePayment(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  method: OnlineMethod,
  req: PaymentRequest,
  expectedTotal?: number,
): Promise<PaymentQuote> {
  const quote = await quoteOrder(db, scope, cartId, {
    channel: req.channel,
    locale: req.locale,
    now: new Date(),
    expectedTotal,
  });
  // A gift card pays first: the provider is asked for what is left.
  checkPaymentMethod(quote.settings, method, { ...quote.totals, totalAmount: remainderOf(quote.totals) });
  return { ...quote, amount: amountDue(method, quote.totals) };
}

/**
 * The order's details for an attempt: as the checkout sent them; else — spec §7's request shapes
 * carry none — the signed-in customer's saved record and the cart's notes (savedOrderDetails).
 */
export async function attemptDetails(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  checkout: OnlineCheckoutInput | undefined,
  req: PaymentRequest,
): Promise<AttemptDetails> {
  const details = checkout ? orderDetails(checkout, req.client) : await savedOrderDetails(db, scope, cartId);
  return { ...details, channel: req.channel, locale: req.locale };
}

/** A try to pay a cart: through which provider, by which method, for how much (halalas). */
export type NewAttempt = {
  cartId: string;
  provider: PaymentProvider;
  method: OnlineMethod;
  amount: number;
  details: AttemptDetails;
  sessionRef?: string;
};

export async function createAttempt(db: Db, scope: OwnerScope, a: NewAttempt): Promise<AttemptRow> {
  const [row] = await db
    .insert(paymentAttempts)
    .values({
      tenantId: scope.tenantId,
      customerId: scope.customerId,
      cartId: a.cartId,
      provider: a.provider,
      method: a.method,
      amount: a.amount,
      details: a.details,
      sessionRef: a.sessionRef ?? null,
    })
    .returning();
  return row;
}

export async function loadAttempt(conn: Db | Tx, tenantId: string, attemptId: string): Promise<AttemptRow | undefined> {
  const [row] = await conn
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.tenantId, tenantId), eq(paymentAttempts.id, attemptId)))
    .limit(1);
  return row;
}

/** The provider's ids once its payment exists (before anyone can settle it). */
export async function setProviderRefs(
  db: Db,
  attempt: AttemptRow,
  refs: { providerRef: string; sessionRef?: string },
): Promise<AttemptRow> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ providerRef: refs.providerRef, sessionRef: refs.sessionRef ?? attempt.sessionRef, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.tenantId, attempt.tenantId), eq(paymentAttempts.id, attempt.id)))
    .returning();
  return row;
}

/**
 * Ends a still-pending attempt without money (failed or cancelled); a conditional update, so that
 * whichever caller comes first decides and every caller answers what was stored.
 */
export async function closeAttempt(
  db: Db,
  attempt: AttemptRow,
  state: "failed" | "cancelled",
  failureReason: string | null,
): Promise<AttemptRow> {
  const now = new Date();
  await db
    .update(paymentAttempts)
    .set({ state, failureReason, settledAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.tenantId, attempt.tenantId),
        eq(paymentAttempts.id, attempt.id),
        eq(paymentAttempts.state, "pending"),
      ),
    );
  return (await loadAttempt(db, attempt.tenantId, attempt.id)) ?? attempt;
}

/** A provider call that failed before any payment exists: the attempt is closed with the error's code, and the error goes on. */
export async function closingOnFailure<T>(db: Db, attempt: AttemptRow, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderError) await closeAttempt(db, attempt, "failed", err.code);
    throw err;
  }
}

/** Spec §8: a known card failure reason is shown as itself, any other as Payment:Error:Unknown. */
export function failureMessageCode(reason: string | null): string {
  return cardFailureReasonKey(reason) ? reason! : "Payment:Error:Unknown";
}

/**
 * An attempt as the callback and the webhooks answer it; a refusal's message is its SP: code. A
 * superseded attempt is a cancelled one for the shopper; money it took anyway and that was given
 * back is `duplicateRefund` (riyals).
 */
export function settlementOf(
  attempt: Pick<AttemptRow, "state" | "provider" | "failureReason" | "refundedAmount">,
  duplicateRefund: number | null = attempt.refundedAmount,
): SettlementDto {
  const errorMessageCode =
    attempt.state === "failed"
      ? failureMessageCode(attempt.failureReason)
      : attempt.state === "refused"
        ? attempt.failureReason
        : null;
  const outcome =
    attempt.state === "superseded" || attempt.state === "refunding" || attempt.state === "refunded"
      ? "cancelled"
      : attempt.state;
  return {
    outcome,
    provider: attempt.provider,
    failureReason: attempt.failureReason,
    errorMessageCode,
    duplicateRefund: duplicateRefund ? toSar(duplicateRefund) : null,
  };
}

export const noSettlement = (provider: PaymentProvider | null = null): SettlementDto => ({
  outcome: "none",
  provider,
  failureReason: null,
  errorMessageCode: null,
  duplicateRefund: null,
});
