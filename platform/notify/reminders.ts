import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../db/client";
import { cartItems, carts, customerMessages, products, tenants } from "../db/schema";
import { cancelPendingMessages, enqueueMessage } from "./outbox";
import { reminderSettings, reminderTimes } from "./reminder-times";

/** Every reminder of one booking (an order's reservation line) starts with this: what a cancel or a move drops. */
export const reminderPrefix = (bookingId: string) => `reminder:${bookingId}:`;

/**
 * One intent per booking, start instant and hour count: a completion done twice is one message,
 * and a booking moved elsewhere is reminded anew for its new time.
 */
export const reminderKey = (bookingId: string, startsAt: Date, hours: number) =>
  `${reminderPrefix(bookingId)}${startsAt.toISOString()}:${hours}`;

/**
 * Writes the reminders of the order's bookings (reservation lines not cancelled; `bookingId`: that
 * one only) in the caller's transaction, at the store's hours before each booking's start (a stay's:
 * its first day's) as `reminderTimes` places them. Sent to the mobile given at checkout; whether
 * they go at all is decided when due (render-reminder.ts). Answers how many rows were written.
 */
export async function scheduleReminders(
  tx: Tx,
  p: { tenantId: string; orderId: string; now: Date; bookingId?: string },
): Promise<number> {
  const [order] = await tx
    .select({ mobile: carts.customerMobile, locale: carts.locale, settings: tenants.settings })
    .from(carts)
    .innerJoin(tenants, eq(tenants.id, carts.tenantId))
    .where(and(eq(carts.tenantId, p.tenantId), eq(carts.id, p.orderId), eq(carts.status, "completed")));
  if (!order?.mobile) return 0;
  const { hours, quiet } = reminderSettings(order.settings);
  if (hours.length === 0) return 0;
  const lines = await tx
    .select({ id: cartItems.id, startsAt: cartItems.reservationDateFrom })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(
      and(
        eq(cartItems.tenantId, p.tenantId),
        eq(cartItems.cartId, p.orderId),
        eq(products.typeString, "reservation"),
        isNull(cartItems.cancelledAt),
        p.bookingId ? eq(cartItems.id, p.bookingId) : undefined,
      ),
    );
  const locale: "ar" | "en" = order.locale === "en" ? "en" : "ar";
  let written = 0;
  for (const line of lines) {
    if (!line.startsAt) continue;
    for (const r of reminderTimes(line.startsAt, p.now, hours, quiet)) {
      const dedupeKey = reminderKey(line.id, line.startsAt, r.hours);
      const message = {
        tenantId: p.tenantId,
        kind: "booking_reminder" as const,
        dedupeKey,
        to: order.mobile,
        locale,
        params: { orderId: p.orderId, bookingId: line.id, startsAt: line.startsAt.toISOString() },
        sendAt: r.sendAt,
      };
      if (await enqueueMessage(tx, message)) written++;
      else written += await reviveCancelled(tx, p.tenantId, dedupeKey, r.sendAt);
    }
  }
  return written;
}

/**
 * A booking moved away and back again wants the reminders its first time had: their rows were
 * cancelled by the first move, so they are made pending again. A sent one stays sent.
 */
async function reviveCancelled(tx: Tx, tenantId: string, dedupeKey: string, sendAt: Date): Promise<number> {
  const rows = await tx
    .update(customerMessages)
    .set({ status: "pending", sendAt, attempts: 0, lockedUntil: null, lastError: null })
    .where(
      and(
        eq(customerMessages.tenantId, tenantId),
        eq(customerMessages.dedupeKey, dedupeKey),
        eq(customerMessages.status, "cancelled"),
      ),
    )
    .returning({ id: customerMessages.id });
  return rows.length;
}

/** The booking's pending reminders cancelled (the booking was cancelled), in the caller's transaction. */
export function dropReminders(tx: Tx, tenantId: string, bookingId: string): Promise<number> {
  return cancelPendingMessages(tx, tenantId, reminderPrefix(bookingId));
}

/** The booking moved: the reminders for its old time cancelled, the ones for its new time written. */
export async function moveReminders(
  tx: Tx,
  p: { tenantId: string; orderId: string; bookingId: string; now: Date },
): Promise<void> {
  await dropReminders(tx, p.tenantId, p.bookingId);
  await scheduleReminders(tx, p);
}
