import "server-only";
import { session } from "@/contract/store/session";
import { readSession } from "@/lib/session/session";
import { currentSessionView } from "@/lib/session/session-view";
import { handlers } from "../context";

export const sessionHandlers = handlers(session, {
  get: (ctx) => currentSessionView(ctx),
  refresh: (ctx) => currentSessionView(ctx, { forceRefresh: true }),
  logout: async (ctx) => {
    const stored = await readSession(ctx.tenant);
    const { refreshToken, tenantId } = stored;
    if (refreshToken && tenantId === ctx.tenant.id) {
      try {
        await ctx.platform().auth.revoke({ body: { refresh_token: refreshToken } });
      } catch (err) {
        // The browser forgets the tokens either way; an unrevoked refresh token still expires.
        console.error("[session] refresh token revocation failed", err);
      }
    }
    stored.destroy();
    await ctx.cart.forget();
    return null;
  },
});
