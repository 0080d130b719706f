import "server-only";
import { BffError, platformFor, type BffContext } from "@/lib/cart/bff";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { CustomerDto } from "@/contract/dto/customers";
import type { SessionData } from "./session-policy";
import { activeSession, getSessionToken, refreshSession, type StoredSession } from "./session";

/** What the browser may know of the session: who, and when to refresh. Never a token. */
export type SessionView = { customer: CustomerDto; accessExpiresAt: number };

/**
 * The signed-in customer for a session that looked valid. An access token the platform refuses
 * gets one refresh: a token that is merely out of date (signed with an old key, issued before the
 * platform named sessions in its tokens) is renewed without signing anyone out, while a session
 * the platform ended (logout elsewhere, a stolen refresh token, another tenant's) is refused its
 * refresh and logged out.
 */
export async function viewOf(
  ctx: BffContext,
  session: StoredSession,
  data: SessionData | null,
  refreshed = false,
): Promise<SessionView | null> {
  if (!data) return null;
  try {
    return { customer: await platformFor(ctx, data.accessToken).customers.me(), accessExpiresAt: data.accessExpiresAt };
  } catch (err) {
    if (!(err instanceof PlatformCallError && err.status === 401)) throw err;
    if (!refreshed && data.tenantId === ctx.tenant.id)
      return viewOf(ctx, session, await refreshSession(session, ctx.tenant), true);
    session.destroy();
    return null;
  }
}

export async function currentSessionView(
  ctx: BffContext,
  opts: { forceRefresh?: boolean } = {},
): Promise<SessionView | null> {
  const { session, data } = await activeSession(ctx.tenant, opts);
  return viewOf(ctx, session, data);
}

/** The access token of a call that needs a signed-in customer; 401 with a code otherwise. */
export async function requireToken(ctx: BffContext): Promise<string> {
  const token = await getSessionToken(ctx.tenant);
  if (!token) throw new BffError(401, "SP:Unauthorized", "Sign in to continue");
  return token;
}
