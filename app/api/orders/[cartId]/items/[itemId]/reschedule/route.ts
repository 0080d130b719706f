import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { RescheduleInput } from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";

export const dynamic = "force-dynamic";

/** POST: moves a booking of the shopper's placed order to another time (the platform checks the store's window and the seats). */
export const POST = bffRoute<CartDto, { cartId: string; itemId: string }>(async (ctx, { cartId, itemId }) => {
  const token = await requireToken(ctx);
  const body = RescheduleInput.parse(await readJson(ctx.req));
  return platformFor(ctx, token).account.reschedule({ params: { id: cartId, itemId }, body });
});
