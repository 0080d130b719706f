import "server-only";
import { BffError, type BffContext } from "@/lib/cart/bff";
import { readCartId } from "@/lib/cookies";
import { requireToken } from "@/lib/session/session-view";

/**
 * The checkout's BFF calls act on the shopper's cart (id from the httpOnly cart cookie) as the
 * signed-in customer: no session ⇒ 401 SP:Unauthorized, no cart ⇒ 404 SP:EntityNotFound.
 */
export async function onCheckoutCart<T>(
  ctx: BffContext,
  run: (cartId: string, token: string) => Promise<T>,
): Promise<T> {
  const token = await requireToken(ctx);
  const cartId = await readCartId(ctx.tenant.slug);
  if (!cartId) throw new BffError(404, "SP:EntityNotFound", "There is no cart");
  return run(cartId, token);
}
