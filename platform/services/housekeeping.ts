import "server-only";
import { lt, or, isNotNull, and, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  customerMessages,
  otpChallenges,
  rateLimits,
  refreshTokens,
  smsOutbox,
  whatsappSandboxMessages,
} from "../db/schema";
import { pruneIdempotencyKeys } from "../api/idempotency";
import { pruneVitals } from "./web-vitals";

const DAY_MS = 24 * 60 * 60 * 1000;
export const CUSTOMER_MESSAGES_KEPT_DAYS = 90;

/**
 * Deletes sign-in rows nobody can use any more, so that the tables do not grow without end:
 * codes expired a day ago, rate-limit windows older than a day, refresh tokens expired or
 * revoked a week ago, development SMS and WhatsApp sandbox messages older than a week, intents' answers past their 24 hours,
 * Web Vitals histograms past their VITALS_KEPT_DAYS (rules/web-vitals.ts), and customer messages done with (sent, cancelled or failed) for more than CUSTOMER_MESSAGES_KEPT_DAYS: the
 * operator's `messages` command reads a season back, and a pending one is never dropped. Idempotent: any instance may run it.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const messagesBefore = new Date(now.getTime() - CUSTOMER_MESSAGES_KEPT_DAYS * DAY_MS);
  const [codes, windows, tokens, sms, whatsapp, intents, messages, vitals] = await Promise.all([
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
    db
      .delete(customerMessages)
      .where(
        and(
          inArray(customerMessages.status, ["sent", "cancelled", "failed"]),
          lt(customerMessages.createdAt, messagesBefore),
        ),
      )
      .returning({ id: customerMessages.id }),
    pruneVitals(db, now),
  ]);
  return {
    codes: codes.length,
    windows: windows.length,
    tokens: tokens.length,
    sms: sms.length,
    whatsapp: whatsapp.length,
    intents,
    messages: messages.length,
    vitals,
  };
}
