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
import {
  closeAttempt,
  loadAttempt,
  noSettlement,
  settlementOf,
  type AttemptRow,
  type AttemptDetails,
} from "./attempts";
import { fetchPaymentState, providerConfig } from "./gateways";
import { giveBack, settleSuperseded, supersedeOpenAttempts } from "./duplicates";

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
  // A superseded attempt is still watched: money it takes anyway is given back.
  if (attempt.state === "superseded") return settlementOf(await settleSuperseded(db, attempt));
  if (attempt.state !== "pending" || !attempt.providerRef) return settlementOf(attempt);
  const { cfg } = await providerConfig(db, tenantId, attempt.provider);
  return applyPaymentState(db, attempt, await fetchPaymentState(cfg, attempt.provider, attempt.providerRef, attempt));
}

/** A webhook's payment: the attempt with that provider id, settled; an id we never made answers "none". */
export async function settleByProviderRef(
  db: Db,
  tenantId: string,
  provider: PaymentProvider,
  ref: string,
): Promise<SettlementDto> {
  const [row] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.tenantId, tenantId),
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.providerRef, ref),
      ),
    )
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
    // Once one paid, the rest are superseded: each is still looked at, so that money one took anyway is given back.
    if (attempt.state !== "pending" && attempt.state !== "superseded") continue;
    try {
      await settleAttempt(db, scope.tenantId, attempt.id);
    } catch (err) {
      if (
        !(err instanceof ProviderError) &&
        !(err instanceof PlatformError && err.code === "SP:PaymentProviderNotConfigured")
      )
        throw err;
    }
  }
  const rows = await attempts();
  const answer = rows.find((a) => a.state === "paid") ?? rows[0];
  // What the shopper paid twice and got back, whichever attempt took it.
  const givenBack = rows.reduce((sum, a) => sum + (a.state === "refunded" ? (a.refundedAmount ?? 0) : 0), 0);
  return answer ? settlementOf(answer, givenBack || null) : noSettlement();
}

/** The order's method when the provider does not say: a card is recorded as spec §3's VISA, the others as themselves. */
const orderMethod = (method: OnlineMethod): OrderPaymentMethod => (method === "CARD" ? "VISA" : method);

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
 * the money was taken keeps the payment row and marks the attempt refused with the code: a cart
 * another payment completed meanwhile (SP:CartAlreadyCompleted) gets its money back at once;
 * an amount mismatch or stock gone is left for staff to decide. A completed order releases the
 * cart's other open attempts.
 */
async function recordPayment(db: Db, attempt: AttemptRow, state: PaymentState): Promise<SettlementDto> {
  const outcome = await db.transaction(async (tx): Promise<{ settled: AttemptRow } | { done: AttemptRow }> => {
    const [row] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.tenantId, attempt.tenantId), eq(paymentAttempts.id, attempt.id)))
      .for("update");
    // Settled meanwhile by another call: its answer, and nothing more to do here.
    if (!row || row.state !== "pending") return { settled: row ?? attempt };
    // Then its cart, before the payments row's foreign key share-locks it: two attempts of one
    // cart settling at once queue here instead of deadlocking in the completion's cart update.
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, row.cartId)).for("no key update");
    const now = new Date();
    const method = state.method ?? orderMethod(row.method);
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
    let refusal: string | null =
      state.amount !== row.amount || state.currency !== row.currency ? "SP:PaymentAmountMismatch" : null;
    if (!refusal) {
      const { channel, locale, ...details } = row.details as AttemptDetails;
      try {
        await tx.transaction((sp) =>
          completeOrder(sp, { tenantId: row.tenantId, customerId: row.customerId }, row.cartId, {
            payment: { method: "ONLINE", orderMethod: method, details, amount: state.amount },
            channel: channel ?? "website",
            locale: locale ?? "ar",
            now,
          }),
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
    if (refusal)
      console.warn(
        `[payments] ${row.provider} payment ${state.providerPaymentId} of cart ${row.cartId} was taken but the order was refused: ${refusal}`,
      );
    return { done };
  });
  if ("settled" in outcome) return settlementOf(outcome.settled);
  const { done } = outcome;
  // One live attempt per cart: the order is complete, so every other open attempt is released.
  if (done.state === "paid") await supersedeOpenAttempts(db, done.tenantId, done.cartId, null);
  // The cart was paid by another attempt meanwhile: this second payment is given back at once.
  if (done.state === "refused" && done.failureReason === "SP:CartAlreadyCompleted")
    return settlementOf(await giveBack(db, done, state));
  return settlementOf(done);
}
