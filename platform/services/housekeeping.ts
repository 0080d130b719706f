import "server-only";
import { lt, or, isNotNull, and } from "drizzle-orm";
import type { Db } from "../db/client";
import { otpChallenges, rateLimits, refreshTokens, smsOutbox, whatsappSandboxMessages } from "../db/schema";
import { pruneIdempotencyKeys } from "../api/idempotency";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes sign-in rows nobody can use any more, so that the tables do not grow without end:
 * codes expired a day ago, rate-limit windows older than a day, refresh tokens expired or
 * revoked a week ago, development SMS and WhatsApp sandbox messages older than a week, intents' answers past their 24 hours. Idempotent: any instance may run it.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [codes, windows, tokens, sms, whatsapp, intents] = await Promise.all([
    db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, dayAgo)).returning({ id: otpChallenges.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)).returning({ key: rateLimits.key }),
    db
      .delete(refreshTokens)
      .where(
        or(
          lt(refreshTokens.expiresAt, weekAgo),
          and(isNotNull(refreshTokens.revokedAt), lt(refreshTokens.revokedAt, weekAgo)),
        ),
      )
      .returning({ id: refreshTokens.id }),
    db.delete(smsOutbox).where(lt(smsOutbox.createdAt, weekAgo)).returning({ id: smsOutbox.id }),
    db
      .delete(whatsappSandboxMessages)
      .where(lt(whatsappSandboxMessages.createdAt, weekAgo))
      .returning({ id: whatsappSandboxMessages.id }),
    pruneIdempotencyKeys(db, now),
  ]);
  return {
    codes: codes.length,
    windows: windows.length,
    tokens: tokens.length,
    sms: sms.length,
    whatsapp: whatsapp.length,
    intents,
  };
}
