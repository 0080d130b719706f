import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts } from "../db/schema";
import type { MessageKind, MessageParams } from "./kinds";
import { enqueueMessage } from "./outbox";

type OrderKind = Exclude<MessageKind, "booking_reminder" | "gift_card_received">;

/**
 * Writes an order's message to the outbox, in the caller's transaction (the change it tells of),
 * to the mobile number and in the language the order was placed with. `intent` names this one
 * cause (the order, the booking line and its new time, the refund): the same intent again — a
 * doubled webhook, a retried request — writes nothing. An order without a mobile number gets none.
 */
export async function enqueueOrderMessage<K extends OrderKind>(
  tx: Db | Tx,
  tenantId: string,
  kind: K,
  intent: string,
  params: MessageParams[K],
): Promise<boolean> {
  const [order] = await tx
    .select({ mobile: carts.customerMobile, locale: carts.locale })
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.id, params.orderId)));
  if (!order?.mobile) return false;
  return enqueueMessage(tx, {
    tenantId,
    kind,
    dedupeKey: `${kind}:${intent}`,
    to: order.mobile,
    locale: order.locale === "en" ? "en" : "ar",
    params,
  });
}
