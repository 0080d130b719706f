import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { smsOutbox } from "../db/schema";

// Reading the development outbox (providers/sms.ts writes it) for the /sandbox/sms pages. Only
// served when sandboxes are on: in a real deployment codes go to the SMS gateway instead.

export type OutboxMessage = { id: string; to: string; text: string; code: string | null; createdAt: string };

/**
 * The one-time code of a sign-in message (otp-rules.ts's otpMessage): the six digits that end it
 * after a colon. Other messages (an order's confirmation, whose number, amounts and link may hold
 * six digits in a row) carry none.
 */
export const codeInText = (text: string) => /:\s(\d{6})$/.exec(text.trim())?.[1] ?? null;

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

/**
 * The newest message the tenant sent to `to` (E.164), or null; with `signIn`, the newest sign-in
 * code's (an order's message may have arrived after it).
 */
export async function latestOutboxMessage(
  db: Db,
  tenantId: string,
  to: string,
  opts: { signIn?: boolean } = {},
): Promise<OutboxMessage | null> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.to, to)))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(opts.signIn ? 20 : 1);
  const messages = rows.map(toMessage);
  return (opts.signIn ? messages.find((m) => m.code) : messages[0]) ?? null;
}
