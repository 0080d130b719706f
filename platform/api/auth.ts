import type { Db } from "../db/client";
import { verifyAccessToken } from "../services/access-tokens";
import { sessionIsLive } from "../services/refresh-tokens";
import { PlatformError } from "../errors";
import type { Caller } from "./define";

function bearer(headers: Headers): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

/**
 * The customer a bearer token names, for this tenant. `required` (auth level customer): no token is
 * a 401. Otherwise (auth level cart) no token is a guest, but a token that is sent must be valid,
 * so an expired session is noticed rather than silently treated as a guest. A token of a session
 * that has ended (logout, a reused refresh token) is a 401 at once, however long it has left.
 */
export async function resolveCaller(
  db: Db,
  headers: Headers,
  tenantId: string,
  required: boolean,
): Promise<Caller | null> {
  const token = bearer(headers);
  if (!token) {
    if (required) throw new PlatformError("SP:Unauthorized", 401, "Sign in to continue");
    return null;
  }
  const claims = await verifyAccessToken(token, tenantId);
  if (!(await sessionIsLive(db, tenantId, claims.sid)))
    throw new PlatformError("SP:InvalidToken", 401, "The session has ended; sign in again");
  return { customerId: claims.sub };
}
