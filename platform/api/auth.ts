import { verifyAccessToken } from "../services/access-tokens";
import { PlatformError } from "../errors";
import type { RouteContext } from "./router";

function bearer(ctx: RouteContext): string | null {
  const h = ctx.req.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

/** The signed-in customer of a bearer call; 401 with a code when there is no valid token for this tenant. */
export async function requireCustomer(ctx: RouteContext): Promise<{ customerId: string }> {
  const token = bearer(ctx);
  if (!token) throw new PlatformError("SP:Unauthorized", 401, "Sign in to continue");
  const claims = await verifyAccessToken(token, ctx.tenant.id);
  return { customerId: claims.sub };
}

/** The customer when a valid token is sent, else null (spec §6: location calls quietly return nothing without one). */
export async function optionalCustomer(ctx: RouteContext): Promise<{ customerId: string } | null> {
  return bearer(ctx) ? requireCustomer(ctx) : null;
}
