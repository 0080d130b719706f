import { bffRoute } from "@/lib/cart/bff";
import { currentSessionView } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** Who is signed in on this store ({customer, accessExpiresAt}), or null. Refreshes an expired token. */
export const GET = bffRoute((ctx) => currentSessionView(ctx));
