import "server-only";
import { and, eq, inArray, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentAttempts, type AttemptStateName } from "../db/schema";
import type { PaymentState } from "./provider";
import { fetchPaymentState, gatewayOf, providerConfig } from "./gateways";
import { refundOnce } from "./refunds";
import type { OwnerScope } from "../services/own-cart";
import { createAttempt, loadAttempt, type AttemptRow, type NewAttempt } from "./attempts";

/**
 * One live payment attempt per cart. A new attempt supersedes the cart's open ones, and so does
 * the order's completion: each is released at its provider where it can be (an authorisation
 * voided, a pay-later payment closed or cancelled). A superseded attempt stays watched —
 * the shopper may still finish an abandoned 3-D Secure page in another tab — and money it takes
 * anyway is given back at once (refund, or void before settlement), never kept for staff to notice.
 */

const DUPLICATE_REASON = "Duplicate payment: the order was paid by another attempt";

/** A new attempt, which supersedes the cart's earlier open ones (two started at once: the later one lives). */
export async function createLiveAttempt(db: Db, scope: OwnerScope, a: NewAttempt): Promise<AttemptRow> {
  const attempt = await createAttempt(db, scope, a);
  await supersedeOpenAttempts(db, scope.tenantId, a.cartId, attempt);
  return attempt;
}

/**
 * Marks the cart's open attempts superseded — those started before `newer`, or all of them once
 * the order is complete (`newer` null) — and releases each at its provider.
 */
export async function supersedeOpenAttempts(
  db: Db,
  tenantId: string,
  cartId: string,
  newer: Pick<AttemptRow, "id" | "createdAt"> | null,
): Promise<void> {
  const earlier = newer
    ? [
        ne(paymentAttempts.id, newer.id),
        or(
          lt(paymentAttempts.createdAt, newer.createdAt),
          and(eq(paymentAttempts.createdAt, newer.createdAt), lt(paymentAttempts.id, newer.id)),
        ),
      ]
    : [];
  const open = await db
    .update(paymentAttempts)
    .set({ state: "superseded", updatedAt: new Date() })
    .where(
      and(
        eq(paymentAttempts.tenantId, tenantId),
        eq(paymentAttempts.cartId, cartId),
        eq(paymentAttempts.state, "pending"),
        ...earlier,
      ),
    )
    .returning();
  for (const attempt of open) {
    try {
      await settleSuperseded(db, attempt);
    } catch (err) {
      // The provider did not answer: the attempt stays superseded and is looked at again on the next settlement.
      console.warn(`[payments] superseded ${attempt.provider} attempt ${attempt.id} not released yet`, err);
    }
  }
}

/**
 * A superseded attempt as its provider sees it now, without taking anything: authorised ⇒ voided;
 * paid ⇒ refunded; failed or cancelled ⇒ closed; still open ⇒ left superseded (watched).
 */
export async function settleSuperseded(db: Db, attempt: AttemptRow): Promise<AttemptRow> {
  if (!attempt.providerRef) return closeSuperseded(db, attempt, "cancelled");
  const { cfg } = await providerConfig(db, attempt.tenantId, attempt.provider);
  const state = await fetchPaymentState(cfg, attempt.provider, attempt.providerRef, attempt, { take: false });
  if (state.status === "paid" || state.status === "authorized") return giveBack(db, attempt, state);
  if (state.status === "failed" || state.status === "cancelled") return closeSuperseded(db, attempt, state.status);
  return attempt;
}

async function closeSuperseded(db: Db, attempt: AttemptRow, state: "failed" | "cancelled"): Promise<AttemptRow> {
  const now = new Date();
  const [row] = await db
    .update(paymentAttempts)
    .set({ state, failureReason: "SP:PaymentSuperseded", settledAt: now, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.state, "superseded")))
    .returning();
  return row ?? (await loadAttempt(db, attempt.tenantId, attempt.id)) ?? attempt;
}

/**
 * Gives back money an attempt took though the cart was paid otherwise (superseded, or refused as
 * SP:CartAlreadyCompleted): claimed first (refunding), so that concurrent settlements give it back
 * once; an authorisation is voided, captured money refunded (the attempt's id as the refund's key:
 * a refund whose answer was lost is found at the provider, not sent again). A provider that
 * refuses, or does not answer and shows no refund, leaves the attempt as it was, to be tried again
 * by the next settlement.
 */
export async function giveBack(db: Db, attempt: AttemptRow, state: PaymentState): Promise<AttemptRow> {
  const from: AttemptStateName[] = ["superseded", "refused"];
  const [claimed] = await db
    .update(paymentAttempts)
    .set({ state: "refunding", updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.state, from)))
    .returning();
  if (!claimed) return (await loadAttempt(db, attempt.tenantId, attempt.id)) ?? attempt;
  const gateway = gatewayOf(attempt.provider);
  try {
    const { cfg } = await providerConfig(db, attempt.tenantId, attempt.provider);
    let refundRef: string | null = null;
    if (state.status === "authorized" && gateway.void) await gateway.void(cfg, attempt.providerRef!, state.amount);
    else
      refundRef = (
        await refundOnce(cfg, attempt.provider, {
          ref: attempt.providerRef!,
          amount: state.amount,
          reason: DUPLICATE_REASON,
          key: attempt.id,
          before: 0,
        })
      ).refundId;
    const now = new Date();
    const [done] = await db
      .update(paymentAttempts)
      .set({
        state: "refunded",
        refundedAmount: state.amount,
        refundedAt: now,
        refundRef,
        settledAt: claimed.settledAt ?? now,
        updatedAt: now,
      })
      .where(eq(paymentAttempts.id, attempt.id))
      .returning();
    console.warn(
      `[payments] duplicate ${attempt.provider} payment ${attempt.providerRef} of cart ${attempt.cartId} given back (${state.amount} halalas)`,
    );
    return done;
  } catch (err) {
    await db
      .update(paymentAttempts)
      .set({ state: attempt.state, updatedAt: new Date() })
      .where(eq(paymentAttempts.id, attempt.id));
    console.error(
      `[payments] duplicate ${attempt.provider} payment ${attempt.providerRef} of cart ${attempt.cartId} could not be given back yet`,
      err,
    );
    return { ...claimed, state: attempt.state };
  }
}
