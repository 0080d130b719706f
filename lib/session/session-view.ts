import "server-only";
import type { SessionView } from "@/contract/store/session";
import type { StoreCall } from "@/lib/store-api/context";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { SessionData } from "./session-policy";
import { activeSession, refreshSession, type StoredSession } from "./session";

/**
 * The signed-in customer for a session that looked valid. An access token the platform refuses
 * gets one refresh: a token that is merely out of date (signed with an old key, issued before the
 * platform named sessions in its tokens) is renewed without signing anyone out, while a session
 * the platform ended (logout elsewhere, a stolen refresh token, another tenant's) is refused its
 * refresh and logged out.
 */
export async function viewOf(
  ctx: StoreCall,
  session: StoredSession,
  data: SessionData | null,
  refreshed = false,
): Promise<SessionView | null> {
  if (!data) return null;
  try {
    return {
      customer: await ctx.platform({ token: data.accessToken }).customers.me(),
      accessExpiresAt: data.accessExpiresAt,
    };
  } catch (err) {
    if (!(err instanceof PlatformCallError && err.status === 401)) throw err;
    if (!refreshed && data.tenantId === ctx.tenant.id)
      return viewOf(ctx, session, await refreshSession(session, ctx.tenant), true);
    session.destroy();
    return null;
  }
}

export async function currentSessionView(
  ctx: StoreCall,
  opts: { forceRefresh?: boolean } = {},
): Promise<SessionView | null> {
  const { session, data } = await activeSession(ctx.tenant, opts);
  return viewOf(ctx, session, data);
}
