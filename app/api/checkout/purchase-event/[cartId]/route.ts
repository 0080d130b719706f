import { bffRoute, platformFor } from "@/lib/cart/bff";
import { getSessionToken } from "@/lib/session/session";

export const dynamic = "force-dynamic";

/**
 * Claims the order's purchase event for the pixels (the platform answers first: true once per
 * order): the done page fires its Purchase only when it is the first, so a second tab, a reload
 * with storage cleared or another browser of the same customer sends nothing. A guest's order is
 * seen by its id, as on the done page.
 */
export const POST = bffRoute<{ first: boolean }, { cartId: string }>(async (ctx, { cartId }) =>
  platformFor(ctx, (await getSessionToken(ctx.tenant)) ?? undefined).cart.purchaseEvent({ params: { id: cartId } }),
);
