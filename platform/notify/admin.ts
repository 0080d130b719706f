import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { customerMessages } from "../db/schema";
import { PlatformError } from "../errors";
import { isUuid } from "../services/ids";
import { tenantBySlug } from "../services/tenant-admin";
import { CONVERSION_KIND } from "./conversion-kind";

// The operator's view of a tenant's customer messages (`npm run tenant -- messages <slug>`).

export const MESSAGE_STATUSES = ["pending", "sent", "failed", "cancelled"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export type MessageLine = {
  id: string;
  kind: string;
  /**
   * The number with its middle hidden: enough to tell customers apart on a call, not to copy; for an
   * ad platform's event, the platform's name (it goes to no one's phone).
   */
  to: string;
  status: string;
  attempts: number;
  lastError: string | null;
  channel: string | null;
  sendAt: Date;
  sentAt: Date | null;
};

export const maskNumber = (e164: string) =>
  `${e164.slice(0, 5)}${"•".repeat(Math.max(0, e164.length - 8))}${e164.slice(-3)}`;

/** The tenant's messages, the failed first, then the newest; `status` keeps one state. */
export async function listMessages(
  db: Db,
  slug: string,
  opts: { status?: MessageStatus; limit?: number } = {},
): Promise<MessageLine[]> {
  const tenant = await tenantBySlug(db, slug);
  const m = customerMessages;
  const rows = await db
    .select()
    .from(m)
    .where(and(eq(m.tenantId, tenant.id), opts.status ? eq(m.status, opts.status) : undefined))
    .orderBy(sql`${m.status} = 'failed' desc`, desc(m.sendAt), asc(m.id))
    .limit(opts.limit ?? 100);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.kind === CONVERSION_KIND ? r.to : maskNumber(r.to),
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    channel: r.channel,
    sendAt: r.sendAt,
    sentAt: r.sentAt,
  }));
}

/**
 * Puts a failed message back in the queue, due now, with its tries counted afresh (its last error
 * kept until it is sent). Only a failed one: a sent message is history, a pending one is queued.
 */
export async function retryMessage(db: Db, slug: string, id: string, now = new Date()): Promise<void> {
  const tenant = await tenantBySlug(db, slug);
  const notFailed = () => new PlatformError("SP:MessageNotRetryable", 409, `${slug} has no failed message ${id}`);
  if (!isUuid(id)) throw notFailed();
  const rows = await db
    .update(customerMessages)
    .set({ status: "pending", attempts: 0, sendAt: now, lockedUntil: null })
    .where(
      and(eq(customerMessages.tenantId, tenant.id), eq(customerMessages.id, id), eq(customerMessages.status, "failed")),
    )
    .returning({ id: customerMessages.id });
  if (rows.length === 0) throw notFailed();
}
