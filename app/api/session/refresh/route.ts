import { bffRoute } from "@/lib/cart/bff";
import { currentSessionView } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** The browser's scheduled refresh (10 s before expiry): new tokens in the cookie, the session view back. */
export const POST = bffRoute((ctx) => currentSessionView(ctx, { forceRefresh: true }));
