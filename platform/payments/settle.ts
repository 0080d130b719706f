import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { carts, paymentAttempts, payments, type OnlineMethod, type PaymentProvider } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { ProviderError, type OrderPaymentMethod, type PaymentState } from "./provider";
import type { SettlementDto } from "@/contract/dto/payments";
import { completeOrder } from "../services/complete-order";
import { isUuid } from "../services/ids";
import type { OwnerScope } from "../services/own-cart";
import { closeAttempt, loadAttempt, noSettlement, settlementOf, type AttemptRow, type AttemptDetails } from "./attempts";
import { fetchPaymentState, providerConfig } from "./provider-config";

/**
 * The one completion operation of online payments. Callbacks, webhooks and the payment creation
 * itself all end here, any number of times and at once: the provider is asked (a URL's status is
 * never believed), then one transaction holding the attempt's row lock records the money (one
 * payments row) and completes the order, or answers what an earlier call stored.
 */

/** Settles one attempt by asking its provider; a settled attempt answers what it stored, without asking. */
export async function settleAttempt(db: Db, tenantId: string, attemptId: string): Promise<SettlementDto> {
  const attempt = await loadAttempt(db, tenantId, attemptId);
  if (!attempt) throw notFound("Payment");
  if (attempt.state !== "pending" || !attempt.providerRef) return settlementOf(attempt);
  const { cfg } = await providerConfig(db, tenantId, attempt.provider);
  return applyPaymentState(db, attempt, await fetchPaymentState(cfg, attempt.provider, attempt.providerRef, attempt));
}

/** A webhook's payment: the attempt with that provider id, settled; an id we never made answers "none". */
export async function settleByProviderRef(db: Db, tenantId: string, provider: PaymentProvider, ref: string): Promise<SettlementDto> {
  const [row] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.tenantId, tenantId), eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerRef, ref)))
    .limit(1);
  return row ? settleAttempt(db, tenantId, row.id) : noSettlement(provider);
}

/**
 * POST payment/{cartId}/callback-payment (owner): settles the cart's open attempts, newest first,
 * and answers the paid one if any, else the newest. A provider that does not answer leaves its
 * attempt pending (the shopper refreshes), it does not fail the call.
 */
export async function settleCart(db: Db, scope: OwnerScope, cartId: string): Promise<SettlementDto> {
  const [cart] = isUuid(cartId)
    ? await db
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cartId), eq(carts.customerId, scope.customerId)))
    : [];
  if (!cart) throw notFound("Cart");
  const attempts = () =>
    db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.tenantId, scope.tenantId), eq(paymentAttempts.cartId, cart.id)))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id));
  for (const attempt of await attempts()) {
    if (attempt.state !== "pending") continue;
    try {
      if ((await settleAttempt(db, scope.tenantId, attempt.id)).outcome === "paid") break;
    } catch (err) {
      if (!(err instanceof ProviderError) && !(err instanceof PlatformError && err.code === "SP:PaymentProviderNotConfigured")) throw err;
    }
  }
  const rows = await attempts();
  const answer = rows.find((a) => a.state === "paid") ?? rows[0];
  return answer ? settlementOf(answer) : noSettlement();
}

const ORDER_METHOD: Record<OnlineMethod, OrderPaymentMethod> = { CARD: "VISA", APPLE_PAY: "APPLE_PAY", TABBY: "TABBY", TAMARA: "TAMARA" };

/** What the provider said about the attempt's payment, applied once (see the module comment). */
export async function applyPaymentState(db: Db, attempt: AttemptRow, state: PaymentState): Promise<SettlementDto> {
  switch (state.status) {
    case "pending":
    case "approved":
      return settlementOf(attempt);
    case "failed":
    case "cancelled":
      return settlementOf(await closeAttempt(db, attempt, state.status, state.failureReason));
    case "paid":
    case "authorized":
      return recordPayment(db, attempt, state);
  }
}

/**
 * Money taken: recorded once, then the order completes in a savepoint. A completion refused after
 * the money was taken (amount mismatch, stock gone, cart completed by another payment) keeps the
 * payment row and marks the attempt refused with the code, for staff to refund: never automatic.
 */
async function recordPayment(db: Db, attempt: AttemptRow, state: PaymentState): Promise<SettlementDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.tenantId, attempt.tenantId), eq(paymentAttempts.id, attempt.id)))
      .for("update");
    if (!row || row.state !== "pending") return settlementOf(row ?? attempt);
    // Then its cart, before the payments row's foreign key share-locks it: two attempts of one
    // cart settling at once queue here instead of deadlocking in the completion's cart update.
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, row.cartId)).for("no key update");
    const now = new Date();
    const method = state.method ?? ORDER_METHOD[row.method];
    await tx.insert(payments).values({
      tenantId: row.tenantId,
      cartId: row.cartId,
      attemptId: row.id,
      provider: row.provider,
      providerPaymentId: state.providerPaymentId,
      method,
      amount: state.amount,
      currency: state.currency,
      status: state.status,
    });
    let refusal: string | null = state.amount !== row.amount || state.currency !== row.currency ? "SP:PaymentAmountMismatch" : null;
    if (!refusal) {
      const { channel, ...details } = row.details as AttemptDetails;
      try {
        await tx.transaction((sp) =>
          completeOrder(
            sp,
            { tenantId: row.tenantId, customerId: row.customerId },
            row.cartId,
            { payment: { method: "ONLINE", orderMethod: method, details, amount: state.amount }, channel: channel ?? "website", locale: "ar", now },
          ),
        );
      } catch (err) {
        // Anything but a rule's refusal is a fault: the whole transaction rolls back and the next call retries.
        if (!(err instanceof PlatformError)) throw err;
        refusal = err.code;
      }
    }
    const [done] = await tx
      .update(paymentAttempts)
      .set({ state: refusal ? "refused" : "paid", failureReason: refusal, settledAt: now, updatedAt: now })
      .where(eq(paymentAttempts.id, row.id))
      .returning();
    if (refusal) console.warn(`[payments] ${row.provider} payment ${state.providerPaymentId} of cart ${row.cartId} was taken but the order was refused: ${refusal}`);
    return settlementOf(done);
  });
}
