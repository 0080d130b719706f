import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { customers, otpChallenges, otpFailures } from "../db/schema";
import { PlatformError } from "../errors";
import { normalizeMobile } from "@/rules/phone";
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
  OTP_ABUSE_MEMORY_MS,
  OTP_COOLDOWNS_MINUTES,
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
/** Too many wrong tries: the code is spent, and a new one can be asked for after `until` (if given). */
const tooManyTries = (until: Date | null, now: Date) =>
  new PlatformError(
    "SP:MaxRetriesReached",
    429,
    "Too many wrong codes; ask for a new one later",
    until && until > now
      ? { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) }
      : undefined,
  );

/** The end of the number's cool-down, when it is in one. */
async function cooldownUntil(db: Db, tenantId: string, mobileNumber: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: otpFailures.cooldownUntil })
    .from(otpFailures)
    .where(
      and(
        eq(otpFailures.tenantId, tenantId),
        eq(otpFailures.mobileNumber, mobileNumber),
        gt(otpFailures.cooldownUntil, now),
      ),
    )
    .limit(1);
  return row?.until ?? null;
}

/**
 * Sends a sign-in code. Nothing here depends on whether the number is a customer (the customer is
 * created at the first verify), so known and unknown numbers get the same answer in the same time.
 * Refused: an invalid number (400), a number in its cool-down after a code spent by wrong tries
 * (429 SP:MaxRetriesReached, with the seconds left), more
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
  if (!mobileNumber)
    throw new PlatformError("SP:InvalidMobileNumber", 400, "The mobile number is not valid", {
      mobileNumber: "invalid",
    });
  const cooldown = await cooldownUntil(db, tenant.id, mobileNumber, now);
  if (cooldown) throw tooManyTries(cooldown, now);
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
      .where(
        and(
          eq(otpChallenges.tenantId, tenant.id),
          eq(otpChallenges.mobileNumber, mobileNumber),
          isNull(otpChallenges.consumedAt),
        ),
      );
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
 * A code was spent by wrong tries: the number's count of such codes goes up (starting over a day
 * after the last one) and sets its cool-down from OTP_COOLDOWNS_MINUTES, in one atomic upsert.
 */
async function startCooldown(db: Db, tenantId: string, mobileNumber: string, now: Date): Promise<Date> {
  const t = otpFailures;
  const forgotten = sql`${t.updatedAt} <= ${new Date(now.getTime() - OTP_ABUSE_MEMORY_MS).toISOString()}::timestamptz`;
  const count = sql`case when ${forgotten} then 1 else ${t.spentCodes} + 1 end`;
  const minutes = sql.raw(`array[${OTP_COOLDOWNS_MINUTES.join(",")}]`);
  const [row] = await db
    .insert(t)
    .values({
      tenantId,
      mobileNumber,
      spentCodes: 1,
      cooldownUntil: new Date(now.getTime() + OTP_COOLDOWNS_MINUTES[0] * 60_000),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [t.tenantId, t.mobileNumber],
      set: {
        spentCodes: count,
        cooldownUntil: sql`${now.toISOString()}::timestamptz + make_interval(mins => (${minutes})[least(${count}, ${OTP_COOLDOWNS_MINUTES.length})])`,
        updatedAt: now,
      },
    })
    .returning({ until: t.cooldownUntil });
  return row.until!;
}

/**
 * Checks the code of the send that answered `token`. Right: the code is spent (exactly once, even
 * when two verifies race), the customer is found or created, the number's cool-down history is cleared
 * and a refresh token family starts. An unknown, spent or expired token ⇒ SP:OtpCodeIsExpired.
 */
export async function verifyOtp(
  db: Db,
  tenantId: string,
  input: { token: string; code: string },
  now = new Date(),
): Promise<{ customerId: string; refreshToken: string; sessionId: string }> {
  const code = normalizeOtpCode(input.code);
  if (!code) throw new PlatformError("SP:ValidationError", 400, "The code must be 6 digits", { code: "invalid" });
  if (!isChallengeToken(input.token)) throw expired();
  const tokenHash = hashChallengeToken(input.token);
  const [challenge] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.tenantId, tenantId), eq(otpChallenges.tokenHash, tokenHash)))
    .limit(1);
  if (!challenge) throw expired();
  // A code spent by wrong tries: refused with the number's cool-down, if it is in one.
  const spentByTries = async () => tooManyTries(await cooldownUntil(db, tenantId, challenge.mobileNumber, now), now);
  if (challenge.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) throw await spentByTries();
  if (challenge.consumedAt || challenge.expiresAt <= now) throw expired();

  // Each attempt is counted BEFORE the code is compared (one atomic update), so that parallel
  // guesses cannot slip past the limit: only attempts numbered 1–5 of a code get compared.
  const [counted] = await db
    .update(otpChallenges)
    .set({ failedAttempts: sql`${otpChallenges.failedAttempts} + 1` })
    .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, now)))
    .returning({ attempt: otpChallenges.failedAttempts });
  if (!counted) throw expired();
  if (counted.attempt > OTP_MAX_FAILED_ATTEMPTS) throw await spentByTries();
  if (!otpCodeMatches(challenge.codeHash, tokenHash, code)) {
    if (counted.attempt === OTP_MAX_FAILED_ATTEMPTS)
      throw tooManyTries(await startCooldown(db, tenantId, challenge.mobileNumber, now), now);
    throw new PlatformError("SP:OtpCodeMismatch", 400, "The code is not right", {
      remainingAttempts: OTP_MAX_FAILED_ATTEMPTS - counted.attempt,
    });
  }

  const result = await db.transaction(async (tx) => {
    // Conditional: of two verifies of one code only one finds it unspent.
    const [spent] = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(
        and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, now)),
      )
      .returning({ id: otpChallenges.id });
    if (!spent) return null;
    await tx
      .delete(otpFailures)
      .where(and(eq(otpFailures.tenantId, tenantId), eq(otpFailures.mobileNumber, challenge.mobileNumber)));
    const customerId = await findOrCreateCustomer(tx, tenantId, challenge.mobileNumber);
    const refresh = await issueRefreshToken(tx, tenantId, customerId, undefined, now);
    return { customerId, refreshToken: refresh.token, sessionId: refresh.familyId };
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
