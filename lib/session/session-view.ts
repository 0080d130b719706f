import "server-only";
import { BffError, platformFor, type BffContext } from "@/lib/cart/bff";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { CustomerDto } from "@/contract/dto/customers";
import type { SessionData } from "./session-policy";
import { activeSession, getSessionToken, type StoredSession } from "./session";

/** What the browser may know of the session: who, and when to refresh. Never a token. */
export type SessionView = { customer: CustomerDto; accessExpiresAt: number };

/**
 * The signed-in customer for a session that looked valid. A token the platform refuses (signed
 * with an old key, another tenant's: SP:TenantMismatch) logs the session out.
 */
export async function viewOf(ctx: BffContext, session: StoredSession, data: SessionData | null): Promise<SessionView | null> {
  if (!data) return null;
  try {
    return { customer: await platformFor(ctx, data.accessToken).customers.me(), accessExpiresAt: data.accessExpiresAt };
  } catch (err) {
    if (!(err instanceof PlatformCallError && err.status === 401)) throw err;
    session.destroy();
    return null;
  }
}

export async function currentSessionView(ctx: BffContext, opts: { forceRefresh?: boolean } = {}): Promise<SessionView | null> {
  const { session, data } = await activeSession(ctx.tenant, opts);
  return viewOf(ctx, session, data);
}

/** The access token of a call that needs a signed-in customer; 401 with a code otherwise. */
export async function requireToken(ctx: BffContext): Promise<string> {
  const token = await getSessionToken(ctx.tenant);
  if (!token) throw new BffError(401, "SP:Unauthorized", "Sign in to continue");
  return token;
}
