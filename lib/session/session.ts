import "server-only";
import { cookies } from "next/headers";
import { getIronSession, type IronSession, type SessionOptions } from "iron-session";
import { sessionCookieFlags, sessionCookieName, SESSION_COOKIE_MAX_AGE_S } from "@/lib/cookies";
import { env } from "@/server/env";
import { PlatformCallError, platform } from "@/lib/platform-client/core";
import type { TenantDto } from "@/contract/dto/tenants";
import { refreshOnce } from "./refresh-once";
import { accessExpiry, decideSession, type SessionData } from "./session-policy";

/**
 * The customer's session: tokens in an iron-session cookie per tenant (encrypted and signed with
 * SESSION_PASSWORD). Route handlers use getSessionToken, which refreshes and clears as needed;
 * server components cannot write cookies, so they use page-session.ts, which only reads.
 */

// Only for development and tests: a real deployment (SANDBOX=off in production) must set SESSION_PASSWORD.
const DEVELOPMENT_PASSWORD = "development-only-session-password-not-for-production";

function options(tenant: TenantDto): SessionOptions {
  const { httpOnly, sameSite, secure, path } = sessionCookieFlags();
  return {
    cookieName: sessionCookieName(tenant.slug),
    password: env().SESSION_PASSWORD ?? DEVELOPMENT_PASSWORD,
    // iron-session derives the cookie's max-age from the ttl (slightly shorter, so the cookie dies first).
    ttl: SESSION_COOKIE_MAX_AGE_S,
    cookieOptions: { httpOnly, sameSite, secure, path },
  };
}

export type StoredSession = IronSession<Partial<SessionData>>;

export async function readSession(tenant: TenantDto): Promise<StoredSession> {
  return getIronSession<Partial<SessionData>>(await cookies(), options(tenant));
}

/** The token answer of otp/verify and token/refresh, as much of it as the session keeps. */
export type TokenAnswer = { access_token: string; refresh_token: string; expires_in: number };

/** Stores freshly issued tokens (after sign-in or a refresh). Route handlers only. */
export async function saveTokens(
  session: StoredSession,
  tenant: TenantDto,
  customerId: string,
  tokens: TokenAnswer,
  now = Date.now(),
): Promise<SessionData> {
  const data: SessionData = {
    tenantId: tenant.id,
    customerId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessExpiresAt: accessExpiry(tokens.access_token, tokens.expires_in, now),
  };
  Object.assign(session, data);
  await session.save();
  return data;
}

/** A refusal of the refresh token itself (rotated, revoked, expired), as opposed to an outage. */
const isRefreshRefused = (err: unknown) =>
  err instanceof PlatformCallError &&
  (err.status === 400 || err.status === 401 || err.status === 403 || err.status === 404);

/**
 * Trades the session's refresh token for new tokens and stores them; null (and the session
 * cleared) when the platform refuses it. An outage is thrown, so it never signs anyone out.
 */
export async function refreshSession(session: StoredSession, tenant: TenantDto): Promise<SessionData | null> {
  const { refreshToken, customerId } = session;
  if (!refreshToken || !customerId) {
    session.destroy();
    return null;
  }
  try {
    const tokens = await refreshOnce(refreshToken, () =>
      platform({ tenant }).auth.refresh({ body: { refresh_token: refreshToken } }),
    );
    return await saveTokens(session, tenant, customerId, tokens);
  } catch (err) {
    if (!isRefreshRefused(err)) throw err;
    session.destroy();
    return null;
  }
}

/**
 * The session as a route handler needs it: refreshed when expired (within a day), cleared when
 * it belongs to another tenant or is more than a day past expiry; null when signed out.
 * `forceRefresh`: the browser's scheduled refresh, which rotates even a token with time left
 * (its clock may run ahead of ours).
 */
export async function activeSession(
  tenant: TenantDto,
  opts: { forceRefresh?: boolean; now?: number } = {},
): Promise<{ session: StoredSession; data: SessionData | null }> {
  const session = await readSession(tenant);
  switch (decideSession(session, tenant.id, opts.now ?? Date.now())) {
    case "use":
      return { session, data: opts.forceRefresh ? await refreshSession(session, tenant) : (session as SessionData) };
    case "refresh":
      return { session, data: await refreshSession(session, tenant) };
    case "clear":
      session.destroy();
      return { session, data: null };
    case "none":
      return { session, data: null };
  }
}

/**
 * THE way server code gets the customer's access token (route handlers: it may refresh and so
 * write the cookie). Null when nobody is signed in.
 */
export async function getSessionToken(tenant: TenantDto): Promise<string | null> {
  return (await activeSession(tenant)).data?.accessToken ?? null;
}
