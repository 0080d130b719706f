import { bffRoute, platformFor } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import type { CartDto } from "@/contract/dto/cart";

export const dynamic = "force-dynamic";

/** POST: cancels a booking of the shopper's placed order (the platform checks the store's window and gives back its share of the payment). */
export const POST = bffRoute<CartDto, { cartId: string; itemId: string }>(async (ctx, { cartId, itemId }) => {
  const token = await requireToken(ctx);
  return platformFor(ctx, token).account.cancelBooking({ params: { id: cartId, itemId } });
});
