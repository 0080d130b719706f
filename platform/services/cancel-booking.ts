import "server-only";
import { enqueueOrderMessage } from "../notify/order-messages";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  bookings,
  cartItems,
  carts,
  customerPackages,
  paymentAttempts,
  payments,
  tenants,
  type PaymentProvider,
} from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { parseChangeWindowHours, type Locale } from "@/contract/tenant-settings";
import { HOUR_MS } from "@/rules/riyadh-time";
import type { CartDto } from "@/contract/dto/cart";
import { issueCreditNote } from "../invoices/invoices";
import { dropReminders } from "../notify/reminders";
import { providerConfig } from "../payments/gateways";
import { refundOnce } from "../payments/refunds";
import { readCart } from "./cart";
import { loadCartLines, priceCart, pricingOf, type ItemRow } from "./cart-pricing";
import type { OwnerScope } from "./own-cart";
import { returnToGiftCard } from "./gift-cards";
import { isUuid } from "./ids";
import { paymentThatPaid } from "./order-money";

const REFUND_REASON = "Booking cancelled by the customer";

/**
 * The order's online payment that money can go back to (captured, or authorised with a pay-later
 * provider), if any: the attempt that paid the order — not a duplicate taken by another tab and
 * given back already (its attempt is refunded).
 */
async function onlinePayment(tx: Tx, tenantId: string, cartId: string) {
  const [row] = await tx
    .select({ provider: payments.provider, amount: payments.amount, ref: paymentAttempts.providerRef })
    .from(payments)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, payments.attemptId))
    .where(paymentThatPaid(tenantId, cartId))
    .limit(1);
  return row?.ref ? row : null;
}

/**
 * The line's share of what was paid online: its total with VAT in the proportion the payment bore
 * to the order (all of it when paid in full, part of a deposit), and for the last line left
 * whatever was not given back yet, so that the shares add up to the payment to the halala.
 */
export function refundShare(p: {
  lineTotal: number;
  orderTotal: number;
  paid: number;
  refundedBefore: number;
  lastLine: boolean;
}): number {
  const left = Math.max(0, p.paid - p.refundedBefore);
  if (p.lastLine) return left;
  if (p.orderTotal <= 0) return 0;
  return Math.min(left, Math.round((p.lineTotal * p.paid) / p.orderTotal));
}

/** The customer's placed order, locked until the transaction ends, with its lines. */
async function lockOrder(tx: Tx, scope: OwnerScope, cartId: string) {
  const [order] = await tx
    .select({ cart: carts, settings: tenants.settings })
    .from(carts)
    .innerJoin(tenants, eq(tenants.id, carts.tenantId))
    .where(
      and(
        eq(carts.tenantId, scope.tenantId),
        eq(carts.id, cartId),
        eq(carts.customerId, scope.customerId),
        eq(carts.status, "completed"),
      ),
    )
    .for("update", { of: carts });
  if (!order) throw notFound("Booking");
  return { ...order, rows: await loadCartLines(tx, scope.tenantId, cartId) };
}

type Refund = { provider: PaymentProvider; ref: string; amount: number; before: number };

/**
 * POST orders/{id}/items/{itemId}/cancel — the customer cancels a booking of their placed order
 * while the store's window is open (settings `cancelWindowHours`: up to that many hours before it
 * starts): its seats are freed, a package's sessions given back, the line's share of an online
 * payment refunded at the provider, a credit note issued against the order's tax invoice for the
 * line, and once every line is cancelled the order is cancelled (refunded when money went back).
 *
 * One intent, one effect: under the order's row lock the line is claimed (marked cancelled with
 * the amount to give back) before any money moves, so a double tap, a second tab or a retry finds
 * it cancelled and is answered the order as it is. The provider is called outside any transaction
 * (the embedded database has one connection, and a provider's answer may take seconds), the line's
 * id as the refund's key; a refusal, or a lost answer the provider shows did not refund, gives the
 * claim back and the booking stays as it was. Then the rest is done in one transaction.
 */
export async function cancelBooking(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  itemId: string,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  if (!isUuid(cartId) || !isUuid(itemId)) throw notFound("Booking");
  const refund = await db.transaction(async (tx): Promise<Refund | null | "answered"> => {
    const { cart, settings, rows } = await lockOrder(tx, scope, cartId);
    const index = rows.findIndex((r) => r.item.id === itemId);
    const row: ItemRow | undefined = rows[index];
    if (!row || row.product.typeString !== "reservation" || !row.item.reservationDateFrom) throw notFound("Booking");
    if (row.item.cancelledAt) return "answered";

    const hours = parseChangeWindowHours(settings.cancelWindowHours);
    if (hours === null)
      throw new PlatformError("SP:CancellationNotOffered", 403, "This store does not take cancellations online");
    if (now.getTime() > row.item.reservationDateFrom.getTime() - hours * HOUR_MS) {
      throw new PlatformError(
        "SP:CancellationWindowPassed",
        409,
        `Bookings can be cancelled up to ${hours} hours before they start`,
        { hours },
      );
    }

    // The order as it was placed, to know the line's share of what was paid.
    const { taxRate } = pricingOf(settings);
    const { totals } = await priceCart(tx, { tenantId: scope.tenantId, cart, rows, taxRate, locale, now });
    const line = totals.lines[index];
    const payment = await onlinePayment(tx, scope.tenantId, cartId);
    const others = rows.filter((r) => r.item.id !== itemId);
    const refundedBefore = others.reduce((s, r) => s + r.item.refundedAmount, 0);
    const lastLine = others.every((r) => r.item.cancelledAt);
    const lineTotal = line.amount - line.discount + line.taxAmount;
    const share = payment
      ? refundShare({ lineTotal, orderTotal: totals.totalAmount, paid: payment.amount, refundedBefore, lastLine })
      : 0;
    // The gift card paid its part of every line (the order's proportion): that part goes back to
    // the card, the provider's part to the provider.
    const giftCardShare = cart.giftCardId
      ? refundShare({
          lineTotal,
          orderTotal: totals.totalAmount,
          paid: cart.giftCardAmount,
          refundedBefore: others.reduce((s, r) => s + r.item.giftCardReturned, 0),
          lastLine,
        })
      : 0;
    await tx
      .update(cartItems)
      .set({ cancelledAt: now, refundedAmount: share, giftCardReturned: giftCardShare })
      .where(and(eq(cartItems.tenantId, scope.tenantId), eq(cartItems.id, itemId)));
    if (share === 0) {
      await finishCancelling(tx, scope, cartId, itemId, null, now);
      return null;
    }
    return { provider: payment!.provider, ref: payment!.ref!, amount: share, before: refundedBefore };
  });
  if (refund && refund !== "answered") {
    let refundRef: string | null;
    try {
      const { cfg } = await providerConfig(db, scope.tenantId, refund.provider);
      refundRef = (await refundOnce(cfg, refund.provider, { ...refund, reason: REFUND_REASON, key: itemId })).refundId;
    } catch (err) {
      await db
        .update(cartItems)
        .set({ cancelledAt: null, refundedAmount: 0, giftCardReturned: 0 })
        .where(and(eq(cartItems.tenantId, scope.tenantId), eq(cartItems.id, itemId), isNull(cartItems.refundRef)));
      throw err;
    }
    await db.transaction(async (tx) => {
      await lockOrder(tx, scope, cartId);
      await finishCancelling(tx, scope, cartId, itemId, refundRef, now);
    });
  }
  return readCart(db, scope, cartId, locale, now);
}

/** The claimed line cancelled: seats freed, sessions given back, the refund's id kept, the order's status, the credit note. */
async function finishCancelling(
  tx: Tx,
  scope: OwnerScope,
  cartId: string,
  itemId: string,
  refundRef: string | null,
  now: Date,
): Promise<void> {
  const rows = await loadCartLines(tx, scope.tenantId, cartId);
  const index = rows.findIndex((r) => r.item.id === itemId);
  const { item } = rows[index];
  const [order] = await tx
    .select({ giftCardId: carts.giftCardId })
    .from(carts)
    .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cartId)));
  if (order?.giftCardId)
    await returnToGiftCard(tx, {
      tenantId: scope.tenantId,
      giftCardId: order.giftCardId,
      cartId,
      cartItemId: itemId,
      amount: item.giftCardReturned,
    });
  await tx.delete(bookings).where(and(eq(bookings.tenantId, scope.tenantId), eq(bookings.cartItemId, itemId)));
  await dropReminders(tx, scope.tenantId, itemId);
  if (item.customerPackageId) {
    await tx
      .update(customerPackages)
      .set({ remainingSessions: sql`${customerPackages.remainingSessions} + ${item.quantity * item.units}` })
      .where(and(eq(customerPackages.tenantId, scope.tenantId), eq(customerPackages.id, item.customerPackageId)));
  }
  if (refundRef)
    await tx
      .update(cartItems)
      .set({ refundRef })
      .where(and(eq(cartItems.tenantId, scope.tenantId), eq(cartItems.id, itemId)));
  if (rows.every((r) => r.item.cancelledAt)) {
    await tx
      .update(carts)
      .set({
        paymentStatus: rows.some((r) => r.item.refundedAmount + r.item.giftCardReturned > 0) ? "refunded" : "cancelled",
      })
      .where(eq(carts.id, cartId));
  }
  await issueCreditNote(tx, scope.tenantId, cartId, "cancelled", now, {
    itemId,
    index,
    paid: item.refundedAmount + item.giftCardReturned,
  });
  // A line is cancelled once (a second cancel is answered before this): the line names the intent.
  await enqueueOrderMessage(tx, scope.tenantId, "booking_cancelled", itemId, { orderId: cartId, bookingId: itemId });
  if (item.refundedAmount > 0)
    await enqueueOrderMessage(tx, scope.tenantId, "refund_issued", itemId, {
      orderId: cartId,
      amountHalalas: item.refundedAmount,
    });
}
