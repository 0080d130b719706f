import { createHash } from "node:crypto";
import { and, desc, eq, lt } from "drizzle-orm";
import { canonicalJson } from "@/server/canonical-json";
import { CodedError } from "@/contract/coded-error";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "@/contract/idempotency";
import type { Db } from "../db/client";
import { idempotencyKeys, type IdempotentResult } from "../db/schema";
import { PlatformError } from "../errors";

/**
 * One intent, one effect: a mutating call that carries an Idempotency-Key is answered once per
 * (tenant, key, route) for 24 hours. The first call claims the key and works; a repeat — also
 * one that arrives while the first is still working — waits for it and gets its answer; a key
 * reused for another request (another body, another caller) is a 422. An answer the platform
 * could not give (5xx, a crash) is not kept: the intent may be tried again. Each owner (a
 * customer, a guest's address) keeps its newest answers only: a repeat comes within seconds of
 * its first call, and a caller inventing keys cannot grow the table for 24 hours.
 */

/** How long an intent's answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The answers one owner keeps; a new intent beyond them drops the owner's oldest. */
export const IDEMPOTENCY_KEYS_PER_OWNER = 100;
/** A claim not finished after this is a crashed process's: another call may take it over. */
const STALE_CLAIM_MS = 60_000;
/** How long a repeat waits for the first call before answering 409 (the browser retries). */
const WAIT_LIMIT_MS = 30_000;

/** The header's key, or null when the call has none; a malformed one is a 400. */
export function idempotencyKeyOf(headers: Headers): string | null {
  const key = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new PlatformError(
      "SP:ValidationError",
      400,
      "The Idempotency-Key header must be 8 to 200 letters, digits, - or _",
    );
  return key;
}

/** A stable hash of what was asked (values in key order; a file by its name, type and size). */
export const fingerprintOf = (request: unknown): string =>
  createHash("sha256").update(canonicalJson(request)).digest("base64url");

type Claim = { tenantId: string; key: string; route: string; fingerprint: string; owner: string };

/** Whose intents these are: a signed-in customer, else the guest's address (a cart id in the path is whatever the caller wrote). */
export const intentOwner = (customerId: string | null, clientIp: string) =>
  customerId ? `customer:${customerId}` : `address:${clientIp}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function replay(result: IdempotentResult): unknown {
  if ("data" in result) return result.data;
  throw new PlatformError(result.error.code, result.error.status, result.error.message, result.error.details);
}

/** `work`'s answer for this intent: computed by the first call, replayed for every repeat. */
export async function onceForKey(db: Db, claim: Claim, work: () => Promise<unknown>): Promise<unknown> {
  const id = and(
    eq(idempotencyKeys.tenantId, claim.tenantId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.route, claim.route),
  );
  const started = Date.now();
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const now = new Date();
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...claim, state: "running", createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return own(db, id, () => keepNewest(db, claim).then(work));
    const [row] = await db.select().from(idempotencyKeys).where(id).limit(1);
    if (!row) continue; // released meanwhile (the first call failed): claim it now
    const age = now.getTime() - row.createdAt.getTime();
    if (
      age >= IDEMPOTENCY_TTL_MS ||
      (row.state === "running" && now.getTime() - row.updatedAt.getTime() >= STALE_CLAIM_MS)
    ) {
      await db.delete(idempotencyKeys).where(and(id, eq(idempotencyKeys.updatedAt, row.updatedAt)));
      continue;
    }
    if (row.fingerprint !== claim.fingerprint) {
      throw new PlatformError("SP:IdempotencyKeyReused", 422, "This Idempotency-Key was used for another request");
    }
    if (row.state === "done" && row.result) return replay(row.result);
    if (Date.now() - started >= WAIT_LIMIT_MS)
      throw new PlatformError("SP:IdempotencyKeyInProgress", 409, "The same request is still being processed");
    await sleep(pause);
  }
}

async function own(db: Db, id: ReturnType<typeof and>, work: () => Promise<unknown>): Promise<unknown> {
  let result: IdempotentResult;
  try {
    result = { data: (await work()) ?? null };
  } catch (err) {
    // A refusal is the intent's answer (the same request is refused the same way); a fault is not kept.
    if (err instanceof CodedError && err.status < 500) {
      result = {
        error: {
          status: err.status,
          code: err.code,
          message: err.message,
          ...(err.details ? { details: err.details } : {}),
        },
      };
    } else {
      await db
        .delete(idempotencyKeys)
        .where(id)
        .catch(() => undefined);
      throw err;
    }
  }
  await db.update(idempotencyKeys).set({ state: "done", result, updatedAt: new Date() }).where(id);
  return replay(result);
}

/**
 * Drops the owner's answers older than its newest IDEMPOTENCY_KEYS_PER_OWNER (the claim just made
 * among them), so no shopper is ever refused; answers made in the same millisecond as the last one
 * kept stay with it. A claim still running is kept: its repeats must wait for it, not act again.
 */
async function keepNewest(db: Db, { tenantId, owner }: Claim): Promise<void> {
  const mine = and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.owner, owner));
  const lastKept = db
    .select({ createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(mine)
    .orderBy(desc(idempotencyKeys.createdAt))
    .offset(IDEMPOTENCY_KEYS_PER_OWNER - 1)
    .limit(1);
  await db
    .delete(idempotencyKeys)
    .where(and(mine, eq(idempotencyKeys.state, "done"), lt(idempotencyKeys.createdAt, lastKept)));
}

/** Housekeeping: answers older than the replay window. */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
