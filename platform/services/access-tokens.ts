import "server-only";
import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import { z } from "zod";
import { env } from "@/server/env";
import { PlatformError } from "../errors";
import { isUuid } from "./ids";

/** Access tokens live 15 minutes; the storefront refreshes 10 s before they expire (spec §4). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

// Only for development and tests: a real deployment (SANDBOX=off in production) must set JWT_SECRET.
const DEVELOPMENT_KEY = "development-only-jwt-key-not-for-production-use";

/** The platform's secret: signs access tokens, and keys the HMAC of one-time codes (services/otp). */
export const platformSecret = () => env().JWT_SECRET ?? DEVELOPMENT_KEY;

const key = () => new TextEncoder().encode(platformSecret());

// Every id a token carries reaches a query as a uuid: a token signed with the right key but claims
// of another shape (a leaked key, an older format) is refused here, not by PostgreSQL with a 500.
const uuid = z.string().refine(isUuid);
const AccessClaims = z.object({
  sub: uuid,
  tenantid: uuid,
  /** The session (the refresh token family) the token belongs to; logout revokes it. */
  sid: uuid,
  exp: z.number().int(),
  iat: z.number().int(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

/**
 * Signs an access token for a customer of a tenant, in session `sessionId` (payload: sub,
 * tenantid, sid, iat, exp).
 */
export async function issueAccessToken(
  customerId: string,
  tenantId: string,
  sessionId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ tenantid: tenantId, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(customerId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key());
  return { token, expiresAt: exp * 1000 };
}

/**
 * Checks signature, expiry and that the token was issued for `tenantId`; any failure is a 401 with a
 * code, never a hint of which part failed beyond expiry.
 */
export async function verifyAccessToken(token: string, tenantId: string, now = new Date()): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ["HS256"], currentDate: now });
    const claims = AccessClaims.safeParse(payload);
    if (!claims.success) throw new PlatformError("SP:InvalidToken", 401, "The access token is not valid");
    if (claims.data.tenantid !== tenantId)
      throw new PlatformError("SP:TenantMismatch", 401, "The access token belongs to another store");
    return claims.data;
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    if (err instanceof joseErrors.JWTExpired)
      throw new PlatformError("SP:TokenExpired", 401, "The access token has expired");
    throw new PlatformError("SP:InvalidToken", 401, "The access token is not valid");
  }
}
