import "server-only";
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Locale } from "@/contract/tenant-settings";
import { platformSecret } from "./access-tokens";
import type { RateLimit } from "./rate-limit";

// The sign-in code rules (QUALITY.md): the numbers here are what the README states.

/** A code is valid for 5 minutes. */
export const OTP_TTL_MS = 5 * 60 * 1000;
/** 5 wrong tries spend a code (each code is counted on its own, so a stranger's guesses at the code they asked for never count against the owner's)… */
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/**
 * …and the number then waits before a new code is sent: 1, 5, 15, 60, then 240 minutes for each
 * code spent that way, forgotten a day after the last one and at a sign-in. A wait, never a lock
 * for good; kept up for a whole year against one number, 5 guesses every 4 hours still cover only
 * about 1 % of the million codes.
 */
export const OTP_COOLDOWNS_MINUTES = [1, 5, 15, 60, 240] as const;
export const OTP_ABUSE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Sends: 3 per number and 20 per client IP, each per 10 minutes and per store. */
export const OTP_SEND_LIMIT_PER_NUMBER: RateLimit = { limit: 3, windowMs: 10 * 60 * 1000 };
export const OTP_SEND_LIMIT_PER_IP: RateLimit = { limit: 20, windowMs: 10 * 60 * 1000 };

export const OTP_PURPOSES = ["CustomerLogin"] as const;

/** Six digits from the CSPRNG, leading zeros kept. */
export const newOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** The token that binds a verify call to its send: 256 random bits, base64url (43 characters). */
export const newChallengeToken = () => randomBytes(32).toString("base64url");

export const isChallengeToken = (token: unknown): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

export const hashChallengeToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * The stored form of a code: HMAC-SHA256 under the platform's secret, bound to its challenge, so
 * that a database leak does not let anyone try the million codes offline.
 */
export const hashOtpCode = (tokenHash: string, code: string) =>
  createHmac("sha256", platformSecret()).update(`otp-code:${tokenHash}:${code}`).digest("hex");

export function otpCodeMatches(storedHash: string, tokenHash: string, code: string): boolean {
  const a = Buffer.from(storedHash, "hex");
  const b = Buffer.from(hashOtpCode(tokenHash, code), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The customer's code as typed: Latin or Arabic-Indic digits; null unless exactly six digits. */
export function normalizeOtpCode(input: string): string | null {
  const latin = input
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  return /^\d{6}$/.test(latin) ? latin : null;
}

/** The SMS: the store's name and the code, once, nothing else (Arabic unless the request asked for English). */
export function otpMessage(locale: Locale, storeName: string, code: string): string {
  return locale === "en" ? `Your sign-in code for ${storeName}: ${code}` : `رمز الدخول إلى ${storeName}: ${code}`;
}
