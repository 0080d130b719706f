import "server-only";
import { decodeJwt } from "jose";

/**
 * What a stored session is worth for a request (spec §4, §9): pure, so the rules are tested
 * without cookies or a platform. The token is only decoded here, never trusted: the platform
 * verifies its signature on every bearer call.
 */

/** What the encrypted session cookie holds. Browser JavaScript never sees any of it. */
export type SessionData = {
  tenantId: string;
  customerId: string;
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, epoch milliseconds. */
  accessExpiresAt: number;
};

/** Spec §9: the access token is refreshed 10 s before it expires. */
export const REFRESH_LEAD_MS = 10_000;
/** Spec §9: more than one day past the access token's expiry, the session is reset and logged out. */
export const MAX_EXPIRED_MS = 864e5;

/**
 * none: nobody signed in. use: the access token is good. refresh: expired (or about to), within a
 * day: trade the refresh token for new tokens. clear: unusable (another tenant's, too old, corrupt).
 */
export type SessionDecision = "none" | "use" | "refresh" | "clear";

const filled = (v: unknown): v is string => typeof v === "string" && v.length > 0;

function isComplete(s: Partial<SessionData>): s is SessionData {
  return (
    filled(s.tenantId) &&
    filled(s.customerId) &&
    filled(s.accessToken) &&
    filled(s.refreshToken) &&
    typeof s.accessExpiresAt === "number" &&
    Number.isFinite(s.accessExpiresAt)
  );
}

/** The `tenantid` claim of an access token, or null when it cannot be read. */
export function tokenTenantId(accessToken: string): string | null {
  try {
    const claims = decodeJwt(accessToken);
    return typeof claims.tenantid === "string" ? claims.tenantid : null;
  } catch {
    return null;
  }
}

export function decideSession(session: Partial<SessionData>, tenantId: string, now: number): SessionDecision {
  const empty = !session.accessToken && !session.refreshToken && !session.customerId && !session.tenantId;
  if (empty) return "none";
  if (!isComplete(session)) return "clear";
  // The cookie is per tenant already; this also catches a token issued for another tenant.
  if (session.tenantId !== tenantId || tokenTenantId(session.accessToken) !== tenantId) return "clear";
  const pastExpiry = now - session.accessExpiresAt;
  if (pastExpiry > MAX_EXPIRED_MS) return "clear";
  if (now >= session.accessExpiresAt - REFRESH_LEAD_MS) return "refresh";
  return "use";
}

/** When an access token expires: its `exp` claim, else the platform's `expires_in` from now. */
export function accessExpiry(accessToken: string, expiresInSeconds: number, now: number): number {
  try {
    const { exp } = decodeJwt(accessToken);
    if (typeof exp === "number") return exp * 1000;
  } catch {
    // Not a JWT we can read: trust the answer's lifetime instead.
  }
  return now + expiresInSeconds * 1000;
}
