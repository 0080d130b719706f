import "server-only";
import type { CartCookie, StoreCall } from "@/lib/store-api/context";
import { PlatformCallError } from "@/lib/platform-client/core";

/**
 * On sign-in the visitor's guest cart becomes the customer's (nothing in it is lost). The platform
 * may answer with another cart (the customer's active one, when the guest cart was empty): the
 * cookie follows whatever it returns. A cart that is gone or someone else's is forgotten; any
 * other failure leaves the cookie as it is and never undoes the sign-in.
 */
export async function adoptGuestCart(ctx: StoreCall, cart: CartCookie, accessToken: string): Promise<void> {
  if (!cart.id) return;
  try {
    const adopted = await ctx.platform({ token: accessToken }).cart.assign({ params: { id: cart.id } });
    if (adopted.status === "completed") await cart.forget();
    else await cart.use(adopted.id);
  } catch (err) {
    if (err instanceof PlatformCallError && (err.status === 404 || err.code === "SP:CartAlreadyCompleted")) {
      await cart.forget();
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
export async function releaseCartForNextSignIn(
  ctx: StoreCall,
  cart: CartCookie,
  previousAccessToken: string | null,
): Promise<void> {
  if (!cart.id || !previousAccessToken) return;
  try {
    await ctx.platform({ token: previousAccessToken }).cart.release({ params: { id: cart.id } });
  } catch (err) {
    if (!(err instanceof PlatformCallError && err.status === 404)) console.error("[session] cart not handed over", err);
  }
}
