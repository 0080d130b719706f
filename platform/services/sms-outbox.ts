import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { smsOutbox } from "../db/schema";

// Reading the development outbox (providers/sms.ts writes it) for the /sandbox/sms pages. Only
// served when sandboxes are on: in a real deployment codes go to the SMS gateway instead.

export type OutboxMessage = { id: string; to: string; text: string; code: string | null; createdAt: string };

/** The one-time code in a message: its only run of exactly six digits. */
export const codeInText = (text: string) => /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0] ?? null;

const toMessage = (r: typeof smsOutbox.$inferSelect): OutboxMessage => ({
  id: r.id,
  to: r.to,
  text: r.text,
  code: codeInText(r.text),
  createdAt: r.createdAt.toISOString(),
});

/** The tenant's latest messages, newest first. */
export async function listOutbox(db: Db, tenantId: string, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.tenantId, tenantId))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
  return rows.map(toMessage);
}

/** The newest message the tenant sent to `to` (E.164), or null. */
export async function latestOutboxMessage(db: Db, tenantId: string, to: string): Promise<OutboxMessage | null> {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.to, to)))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(1);
  return row ? toMessage(row) : null;
}
