import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { customers, otpChallenges, otpFailures } from "../db/schema";
import { PlatformError } from "../errors";
import { normalizeMobile } from "@/contract/phone";
import type { Locale } from "@/contract/tenant-settings";
import type { SmsSender } from "../providers/sms";
import { enforceRateLimit } from "./rate-limit";
import { issueRefreshToken } from "./refresh-tokens";
import {
  hashChallengeToken,
  hashOtpCode,
  isChallengeToken,
  newChallengeToken,
  newOtpCode,
  normalizeOtpCode,
  OTP_FAILURE_WINDOW_MS,
  OTP_LOCK_MS,
  OTP_MAX_FAILED_ATTEMPTS,
  OTP_SEND_LIMIT_PER_IP,
  OTP_SEND_LIMIT_PER_NUMBER,
  OTP_TTL_MS,
  otpCodeMatches,
  otpMessage,
  type OTP_PURPOSES,
} from "./otp-rules";

export type OtpTenant = { id: string; name: string; settings: Record<string, string> };

const expired = () => new PlatformError("SP:OtpCodeIsExpired", 400, "The code has expired; ask for a new one");
const locked = (lockedUntil: Date, now: Date) =>
  new PlatformError("SP:MaxRetriesReached", 429, "Too many wrong codes; try again later", {
    retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
  });

async function lockedUntil(db: Db, tenantId: string, mobileNumber: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: otpFailures.lockedUntil })
    .from(otpFailures)
    .where(and(eq(otpFailures.tenantId, tenantId), eq(otpFailures.mobileNumber, mobileNumber), gt(otpFailures.lockedUntil, now)))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/**
 * Sends a sign-in code. Nothing here depends on whether the number is a customer (the customer is
 * created at the first verify), so known and unknown numbers get the same answer in the same time.
 * Refused: an invalid number (400), a number locked by wrong codes (429 SP:MaxRetriesReached), more
 * sends than the per-number or per-IP limit (429 SP:TooManyRequests).
 */
export async function sendOtp(
  db: Db,
  tenant: OtpTenant,
  input: { mobileNumber: string; purpose: (typeof OTP_PURPOSES)[number] },
  opts: { clientIp: string; locale: Locale; sms: SmsSender; now?: Date; sendsPerIp?: number },
): Promise<{ token: string }> {
  const now = opts.now ?? new Date();
  const mobileNumber = normalizeMobile(input.mobileNumber);
  if (!mobileNumber) throw new PlatformError("SP:InvalidMobileNumber", 400, "The mobile number is not valid", { mobileNumber: "invalid" });
  const lock = await lockedUntil(db, tenant.id, mobileNumber, now);
  if (lock) throw locked(lock, now);
  const ipLimit = opts.sendsPerIp ? { ...OTP_SEND_LIMIT_PER_IP, limit: opts.sendsPerIp } : OTP_SEND_LIMIT_PER_IP;
  await enforceRateLimit(db, `otp-send:ip:${tenant.id}:${opts.clientIp}`, ipLimit, now);
  await enforceRateLimit(db, `otp-send:number:${tenant.id}:${mobileNumber}`, OTP_SEND_LIMIT_PER_NUMBER, now);

  const token = newChallengeToken();
  const code = newOtpCode();
  const tokenHash = hashChallengeToken(token);
  await db.transaction(async (tx) => {
    // Only the newest code of a number is good: a resend retires the earlier ones.
    await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.tenantId, tenant.id), eq(otpChallenges.mobileNumber, mobileNumber), isNull(otpChallenges.consumedAt)));
    await tx.insert(otpChallenges).values({
      tenantId: tenant.id,
      mobileNumber,
      purpose: input.purpose,
      tokenHash,
      codeHash: hashOtpCode(tokenHash, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    });
  });
  await opts.sms.send(mobileNumber, otpMessage(opts.locale, tenant.settings.brandName || tenant.name, code));
  return { token };
}

/**
 * Counts one verify attempt for the number BEFORE the code is compared (one atomic upsert), so
 * that parallel guesses cannot slip past the limit: only attempts numbered 1–5 get compared.
 * The 5th attempt starts a 15-minute lock (lifted again if that attempt was right); attempts
 * during the lock count without extending it; after the lock, or 15 minutes after the last
 * attempt, counting starts over. A new code does not reset anything; a successful sign-in does.
 */
async function countAttempt(db: Db, tenantId: string, mobileNumber: string, now: Date): Promise<{ attempt: number; lockedUntil: Date | null }> {
  const t = otpFailures;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const restart = sql`((${t.lockedUntil} is not null and ${t.lockedUntil} <= ${nowSql}) or (${t.lockedUntil} is null and ${t.updatedAt} <= ${new Date(now.getTime() - OTP_FAILURE_WINDOW_MS).toISOString()}::timestamptz))`;
  const lockFrom5th = sql`${new Date(now.getTime() + OTP_LOCK_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ tenantId, mobileNumber, failedAttempts: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.tenantId, t.mobileNumber],
      set: {
        failedAttempts: sql`case when ${restart} then 1 else ${t.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${restart} then null when ${t.lockedUntil} is null and ${t.failedAttempts} + 1 >= ${OTP_MAX_FAILED_ATTEMPTS} then ${lockFrom5th} else ${t.lockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning({ attempt: t.failedAttempts, lockedUntil: t.lockedUntil });
  return row;
}

/**
 * Checks the code of the send that answered `token`. Right: the code is spent (exactly once, even
 * when two verifies race), the customer is found or created, the number's failures are cleared
 * and a refresh token family starts. An unknown, spent or expired token ⇒ SP:OtpCodeIsExpired.
 */
export async function verifyOtp(db: Db, tenantId: string, input: { token: string; code: string }, now = new Date()): Promise<{ customerId: string; refreshToken: string }> {
  const code = normalizeOtpCode(input.code);
  if (!code) throw new PlatformError("SP:ValidationError", 400, "The code must be 6 digits", { code: "invalid" });
  if (!isChallengeToken(input.token)) throw expired();
  const tokenHash = hashChallengeToken(input.token);
  const [challenge] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.tenantId, tenantId), eq(otpChallenges.tokenHash, tokenHash)))
    .limit(1);
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) throw expired();

  const { attempt, lockedUntil } = await countAttempt(db, tenantId, challenge.mobileNumber, now);
  if (attempt > OTP_MAX_FAILED_ATTEMPTS) throw locked(lockedUntil ?? new Date(now.getTime() + OTP_LOCK_MS), now);
  if (!otpCodeMatches(challenge.codeHash, tokenHash, code)) {
    if (attempt >= OTP_MAX_FAILED_ATTEMPTS) throw locked(lockedUntil ?? new Date(now.getTime() + OTP_LOCK_MS), now);
    throw new PlatformError("SP:OtpCodeMismatch", 400, "The code is not right", { remainingAttempts: OTP_MAX_FAILED_ATTEMPTS - attempt });
  }

  const result = await db.transaction(async (tx) => {
    // Conditional: of two verifies of one code only one finds it unspent.
    const [spent] = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, now)))
      .returning({ id: otpChallenges.id });
    if (!spent) return null;
    await tx.delete(otpFailures).where(and(eq(otpFailures.tenantId, tenantId), eq(otpFailures.mobileNumber, challenge.mobileNumber)));
    const customerId = await findOrCreateCustomer(tx, tenantId, challenge.mobileNumber);
    const refresh = await issueRefreshToken(tx, tenantId, customerId, undefined, now);
    return { customerId, refreshToken: refresh.token };
  });
  if (!result) throw expired();
  return result;
}

/** The tenant's customer with this number, created (name empty, profile incomplete) on first sign-in. */
async function findOrCreateCustomer(tx: Tx, tenantId: string, mobileNumber: string): Promise<string> {
  const [created] = await tx
    .insert(customers)
    .values({ tenantId, mobileNumber })
    .onConflictDoNothing({ target: [customers.tenantId, customers.mobileNumber] })
    .returning({ id: customers.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.mobileNumber, mobileNumber)))
    .limit(1);
  return existing.id;
}
