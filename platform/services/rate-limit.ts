import "server-only";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rateLimits } from "../db/schema";
import { PlatformError } from "../errors";

export type RateLimit = { limit: number; windowMs: number };

export type RateLimitHit = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one event under `key` in a fixed window kept in the database, so the limit holds across
 * every instance: one atomic upsert, no read-then-write race. The window starts with the first
 * event after the previous window ended; every event counts, refused ones too.
 */
export async function hitRateLimit(
  db: Db | Tx,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitHit> {
  const nowIso = now.toISOString();
  const windowOver = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${windowOver} then ${nowIso}::timestamptz else ${rateLimits.windowStart} end`,
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  const endsAt = row.windowStart.getTime() + windowMs;
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** Counts the event and refuses it with 429 SP:TooManyRequests (details.retryAfterSeconds) over the limit. */
export async function enforceRateLimit(db: Db | Tx, key: string, limit: RateLimit, now = new Date()): Promise<void> {
  const hit = await hitRateLimit(db, key, limit, now);
  if (!hit.allowed)
    throw new PlatformError("SP:TooManyRequests", 429, "Too many requests; try again later", {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
}
