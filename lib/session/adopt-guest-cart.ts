import "server-only";
import { platformFor, type BffContext } from "@/lib/cart/bff";
import { clearCartId, readCartId, writeCartId } from "@/lib/cookies";
import { PlatformCallError } from "@/lib/platform-client/core";

/**
 * On sign-in the visitor's guest cart becomes the customer's (nothing in it is lost). The platform
 * may answer with another cart (the customer's active one, when the guest cart was empty): the
 * cookie follows whatever it returns. A cart that is gone or someone else's is forgotten; any
 * other failure leaves the cookie as it is and never undoes the sign-in.
 */
export async function adoptGuestCart(ctx: BffContext, accessToken: string): Promise<void> {
  const cartId = await readCartId(ctx.tenant.slug);
  if (!cartId) return;
  try {
    const cart = await platformFor(ctx, accessToken).cart.assign({ params: { id: cartId } });
    if (cart.status === "completed") await clearCartId(ctx.tenant.slug);
    else await writeCartId(ctx.tenant.slug, cart.id);
  } catch (err) {
    if (err instanceof PlatformCallError && (err.status === 404 || err.code === "SP:CartAlreadyCompleted")) {
      await clearCartId(ctx.tenant.slug);
      return;
    }
    console.error("[session] guest cart not assigned", err);
  }
}

/**
 * Before signing in with another number in the same browser (the checkout's new number): the cart
 * the signed-in customer holds is let go, so that the next sign-in takes it with everything in it.
 * Nothing to do without a session or a cart; a failure only means the cart stays with its owner.
 */
export async function releaseCartForNextSignIn(ctx: BffContext, previousAccessToken: string | null): Promise<void> {
  const cartId = await readCartId(ctx.tenant.slug);
  if (!cartId || !previousAccessToken) return;
  try {
    await platformFor(ctx, previousAccessToken).cart.release({ params: { id: cartId } });
  } catch (err) {
    if (!(err instanceof PlatformCallError && err.status === 404)) console.error("[session] cart not handed over", err);
  }
}
