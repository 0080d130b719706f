import "server-only";
import { and, eq, like } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { customerMessages } from "../db/schema";
import type { MessageKind, MessageParams } from "./kinds";
import { wakeMessageWorkers } from "./wake";

export type NewMessage<K extends MessageKind = MessageKind> = {
  tenantId: string;
  kind: K;
  /** The intent, unique per tenant: e.g. `order_placed:<orderId>`, `reminder:<bookingId>:24`. */
  dedupeKey: string;
  /** E.164. */
  to: string;
  locale: "ar" | "en";
  params: MessageParams[K];
  /** Not before; default now. */
  sendAt?: Date;
};

/**
 * Writes a message to the outbox, in the caller's transaction so that it exists exactly when the
 * change it tells of commits. A second call with the same dedupe key is a no-op: a retried or
 * doubled cause sends one message. Returns whether a row was written.
 */
export function enqueueMessage<K extends MessageKind>(db: Db | Tx, m: NewMessage<K>): Promise<boolean> {
  return writeOutboxRow(db, m as OutboxRow);
}

/** Any row of the outbox: a customer message, or an ad platform's event (conversions.ts, `to` the platform). */
export type OutboxRow = Omit<NewMessage, "kind" | "params"> & { kind: string; params: Record<string, unknown> };

/** enqueueMessage's write, for every kind the worker sends: one row per dedupe key, and the workers woken. */
export async function writeOutboxRow(db: Db | Tx, m: OutboxRow): Promise<boolean> {
  const rows = await db
    .insert(customerMessages)
    .values({
      tenantId: m.tenantId,
      kind: m.kind,
      dedupeKey: m.dedupeKey,
      to: m.to,
      locale: m.locale,
      params: m.params,
      ...(m.sendAt ? { sendAt: m.sendAt } : {}),
    })
    .onConflictDoNothing({ target: [customerMessages.tenantId, customerMessages.dedupeKey] })
    .returning({ id: customerMessages.id });
  if (rows.length > 0) wakeMessageWorkers();
  return rows.length > 0;
}

/**
 * Cancels the pending messages whose dedupe key starts with `prefix` (a cancelled booking's
 * reminders, say). Sent messages stay as they are: they are history.
 */
export async function cancelPendingMessages(db: Db | Tx, tenantId: string, prefix: string): Promise<number> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .update(customerMessages)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(customerMessages.tenantId, tenantId),
        eq(customerMessages.status, "pending"),
        like(customerMessages.dedupeKey, `${escaped}%`),
      ),
    )
    .returning({ id: customerMessages.id });
  return rows.length;
}
