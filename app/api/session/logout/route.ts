import { bffRoute, platformFor } from "@/lib/cart/bff";
import { clearCartId } from "@/lib/cookies";
import { readSession } from "@/lib/session/session";

export const dynamic = "force-dynamic";

/** Logout: revokes the refresh token, clears the session and the cart cookie (the cart is the customer's). */
export const POST = bffRoute(async (ctx) => {
  const session = await readSession(ctx.tenant);
  const { refreshToken, tenantId } = session;
  if (refreshToken && tenantId === ctx.tenant.id) {
    try {
      await platformFor(ctx).auth.revoke({ body: { refresh_token: refreshToken } });
    } catch (err) {
      // The browser forgets the tokens either way; an unrevoked refresh token still expires.
      console.error("[session] refresh token revocation failed", err);
    }
  }
  session.destroy();
  await clearCartId(ctx.tenant.slug);
  return null;
});
