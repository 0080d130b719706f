import "server-only";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { customerMessages } from "../db/schema";
import type { SandboxSetting } from "../payments/accounts";
import { smsGoesToGateway, smsSender, type SmsSender } from "../providers/sms";
import { getTenantById } from "../services/tenants";
import type { MessageKind, MessageParams, RenderedMessage } from "./kinds";
import { RENDERERS, type Renderer } from "./render";
import { onMessageWritten } from "./wake";
import { ConversionRefused, deliverConversion, isConversion } from "./conversions";
import { loadWhatsApp, sendWhatsAppTemplate, whatsappBaseUrl, WhatsAppRefused } from "./whatsapp";

// The customer messages' worker (docs/messages.md): every instance runs one. A message is claimed
// (a lease: locked_until, attempts + 1) in a statement of its own, then rendered and sent, then
// marked sent only if this worker's lease still holds it. A worker that dies after its claim
// leaves the message to whichever worker finds the lease expired.

/** How long a claim holds a message: far longer than a send may take (the senders' timeouts are 10 s). */
export const MESSAGE_LEASE_MS = 2 * 60 * 1000;
/** Tries before a message is given up as failed (shown by `npm run tenant -- messages`). */
export const MAX_MESSAGE_ATTEMPTS = 6;
/** Messages one tick claims at most. */
export const MESSAGE_BATCH = 20;
const POLL_MS = 1000;

/** The wait before try `attempts + 1`: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60 * 1000);

export type MessageRow = typeof customerMessages.$inferSelect;

/** What the worker sends through: the text message sender and the WhatsApp sandbox's address. */
export type Channels = {
  /** The text message sender for a tenant, on the connection given (the outbox's writes join the mark's transaction). */
  sms: (db: Db | Tx, tenantId: string) => SmsSender;
  /** Whether `sms` writes into this database (the sandbox outbox): then sending and marking are one transaction. */
  smsInDatabase: boolean;
  sandbox: SandboxSetting;
  fetch: typeof fetch;
};

/** The process's channels: the configured SMS sender and this server's sandboxes. */
export async function defaultChannels(): Promise<Channels> {
  const { sandboxSetting } = await import("../payments/accounts");
  return { sms: smsSender, smsInDatabase: !smsGoesToGateway(), sandbox: await sandboxSetting(), fetch };
}

/**
 * Claims up to `limit` due messages (pending, send time reached, no live lease) for this worker:
 * FOR UPDATE SKIP LOCKED, so that workers claiming at once take different rows, and a claim of its
 * own, committed before anything is sent, so that a worker that dies holds nothing but the lease.
 */
export async function claimDueMessages(
  db: Db,
  { now, limit = MESSAGE_BATCH, leaseMs = MESSAGE_LEASE_MS }: { now: Date; limit?: number; leaseMs?: number },
): Promise<MessageRow[]> {
  const m = customerMessages;
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.status, "pending"), lte(m.sendAt, now), or(isNull(m.lockedUntil), lte(m.lockedUntil, now))))
    .orderBy(asc(m.sendAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(m)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${m.attempts} + 1` })
    .where(inArray(m.id, due))
    .returning();
}

/** The claimed row, only while this worker's lease holds it. */
const stillOurs = (m: MessageRow) =>
  and(
    eq(customerMessages.id, m.id),
    eq(customerMessages.status, "pending"),
    eq(customerMessages.lockedUntil, m.lockedUntil!),
  );

/** Marks a claimed message; false when the lease was lost (another worker has it now). */
async function mark(db: Db | Tx, m: MessageRow, set: Partial<MessageRow>): Promise<boolean> {
  const rows = await db
    .update(customerMessages)
    .set({ lockedUntil: null, ...set })
    .where(stillOurs(m))
    .returning({ id: customerMessages.id });
  return rows.length > 0;
}

class LeaseLost extends Error {
  constructor() {
    super("The message's lease expired before it was sent");
    this.name = "LeaseLost";
  }
}

type Outcome = "sent" | "cancelled" | "retry" | "failed" | "lost";

/**
 * Sends one claimed message: an ad platform's event to its platform (conversions.ts); a customer
 * message by its tenant's WhatsApp template for its kind where there is one,
 * else (or when Meta refuses the template or the number) by text message.
 */
async function deliver(db: Db, m: MessageRow, channels: Channels, now: Date): Promise<Outcome> {
  if (isConversion(m.kind)) {
    try {
      const done = await deliverConversion(db, m, channels.sandbox, channels.fetch);
      const set =
        done === "sent" ? { status: "sent", channel: m.to, sentAt: new Date(), lastError: null } : { status: done };
      return (await mark(db, m, set)) ? done : "lost";
    } catch (err) {
      // The platform refused the event itself: final, with its words (a retry would be refused again).
      if (!(err instanceof ConversionRefused)) throw err;
      return (await mark(db, m, { status: "failed", lastError: err.message })) ? "failed" : "lost";
    }
  }
  const tenant = await getTenantById(db, m.tenantId);
  const locale = m.locale === "en" ? "en" : "ar";
  const render = RENDERERS[m.kind as MessageKind] as Renderer<MessageKind> | undefined;
  if (!render) throw new Error(`Unknown message kind ${m.kind}`);
  const rendered: RenderedMessage | null = tenant
    ? await render({ db, tenant, locale, now }, m.params as MessageParams[MessageKind])
    : null;
  if (!rendered) return (await mark(db, m, { status: "cancelled" })) ? "cancelled" : "lost";

  let refused: string | null = null;
  const wa = await loadWhatsApp(db, m.tenantId);
  const template = wa?.templates[m.kind];
  const language = template?.languages[locale];
  const base = wa && whatsappBaseUrl(wa, channels.sandbox);
  if (wa && template && language && base) {
    try {
      const to = m.to;
      await sendWhatsAppTemplate(
        wa,
        base,
        { to, template: { name: template.name, language }, parameters: rendered.templateParams },
        channels.fetch,
      );
      return (await mark(db, m, { status: "sent", channel: "whatsapp", sentAt: new Date(), lastError: null }))
        ? "sent"
        : "lost";
    } catch (err) {
      // A refusal is final for this message on WhatsApp: the customer is told by text instead. No
      // answer, or a fault on Meta's side, may have been delivered: that is retried, never doubled by text.
      if (!(err instanceof WhatsAppRefused)) throw err;
      refused = err.message;
    }
  }
  const sent = { status: "sent", channel: "sms", sentAt: new Date(), lastError: refused };
  if (channels.smsInDatabase) {
    // The outbox is this database: the message is written and marked sent together, or neither.
    await db.transaction(async (tx) => {
      if (!(await mark(tx, m, sent))) throw new LeaseLost();
      await channels.sms(tx, m.tenantId).send(m.to, rendered.text);
    });
    return "sent";
  }
  await channels.sms(db, m.tenantId).send(m.to, rendered.text);
  return (await mark(db, m, sent)) ? "sent" : "lost";
}

/** A failed try: again after the backoff, or given up once it had its tries. */
async function failed(db: Db, m: MessageRow, err: unknown, now: Date): Promise<Outcome> {
  const lastError = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);
  if (m.attempts >= MAX_MESSAGE_ATTEMPTS)
    return (await mark(db, m, { status: "failed", lastError })) ? "failed" : "lost";
  const sendAt = new Date(now.getTime() + retryDelayMs(m.attempts));
  return (await mark(db, m, { sendAt, lastError })) ? "retry" : "lost";
}

export type RunSummary = Record<Outcome, number> & { claimed: number };

/**
 * One tick: claims the due messages and sends each. `now` is the tick's clock (tests move it to
 * see leases expire and backoffs pass).
 */
export async function runDueMessages(
  db: Db,
  opts: { now?: Date; limit?: number; leaseMs?: number; channels?: Channels } = {},
): Promise<RunSummary> {
  const now = opts.now ?? new Date();
  const channels = opts.channels ?? (await defaultChannels());
  const claimed = await claimDueMessages(db, { now, limit: opts.limit, leaseMs: opts.leaseMs });
  const summary: RunSummary = { claimed: claimed.length, sent: 0, cancelled: 0, retry: 0, failed: 0, lost: 0 };
  for (const m of claimed) {
    let outcome: Outcome;
    try {
      outcome = await deliver(db, m, channels, now);
    } catch (err) {
      outcome = err instanceof LeaseLost ? "lost" : await failed(db, m, err, now);
      if (outcome !== "lost") console.warn(`[messages] ${m.kind} ${m.id} try ${m.attempts} failed:`, String(err));
    }
    summary[outcome]++;
  }
  return summary;
}

/**
 * The worker of this process: a tick every second (unref'd: it never keeps a process alive) and
 * one soon after a message is written here. Ticks never overlap; a full batch is followed at once
 * by another. Answers its stop.
 */
export function startMessageWorker(db: Db): () => void {
  let running = false;
  let again = false;
  const tick = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const channels = await defaultChannels();
      do {
        again = false;
        const r = await runDueMessages(db, { channels });
        if (r.claimed === MESSAGE_BATCH) again = true;
      } while (again);
    } catch (err) {
      console.error("[messages] the worker's tick failed", err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  // The message's transaction may not have committed yet: the next second's tick finds it then.
  const stopWaking = onMessageWritten(() => setTimeout(() => void tick(), 50).unref());
  return () => {
    clearInterval(timer);
    stopWaking();
  };
}
