import "server-only";
import { cart } from "@/contract/store/cart";
import type { CartDto } from "@/contract/dto/cart";
import { orNull, PlatformCallError } from "@/lib/platform-client/core";
import { handlers, type CartCookie, type StoreCall } from "../context";

/**
 * The shopper's cart as the cookie points to it. A cookie naming a cart that no longer exists or
 * is completed means "no cart": the cookie is cleared and the next add starts a new cart.
 */

type OnCart = StoreCall & { cart: CartCookie };

const getCart = (ctx: StoreCall, cartId: string) => orNull(ctx.platform().cart.get({ params: { id: cartId } }));

const isUsable = (cart: CartDto | null): cart is CartDto => cart !== null && cart.status !== "completed";

/** The errors after which it is worth asking whether the cart itself is still there. */
const mayBeStaleCart = (err: unknown) =>
  err instanceof PlatformCallError && (err.status === 404 || err.code === "SP:CartAlreadyCompleted");

/** True when the cookie's cart is gone or completed (and then the cookie is cleared). */
async function dropIfStale(ctx: OnCart, cartId: string): Promise<boolean> {
  if (isUsable(await getCart(ctx, cartId))) return false;
  await ctx.cart.forget();
  return true;
}

/** Runs a change of the cookie's cart; a refusal that may mean the cart is gone clears a stale cookie. */
async function onCart(ctx: OnCart & { cart: { id: string } }, run: (cartId: string) => Promise<CartDto>) {
  try {
    return await run(ctx.cart.id);
  } catch (err) {
    if (mayBeStaleCart(err)) await dropIfStale(ctx, ctx.cart.id);
    throw err;
  }
}

export const cartHandlers = handlers(cart, {
  get: async (ctx) => {
    if (!ctx.cart.id) return null;
    const found = await getCart(ctx, ctx.cart.id);
    if (isUsable(found)) return found;
    await ctx.cart.forget();
    return null;
  },
  addItem: async (ctx) => {
    const cartId = ctx.cart.id;
    try {
      return await ctx.platform().cart.addItem({ params: { id: cartId }, body: ctx.body });
    } catch (err) {
      // A 404 may also mean "no such product": only a vanished or completed cart is retried.
      if (!mayBeStaleCart(err) || !(await dropIfStale(ctx, cartId))) throw err;
      // The same intent's next step, on a fresh cart: a key of its own (the old cart's refusal is kept under the first).
      const keySuffix = "-fresh-cart";
      const fresh = await ctx.cart.start({ keySuffix });
      return ctx.platform({ keySuffix }).cart.addItem({ params: { id: fresh }, body: ctx.body });
    }
  },
  updateItem: (ctx) =>
    onCart(ctx, (cartId) =>
      ctx.platform().cart.updateItem({ params: { id: cartId, itemId: ctx.params.itemId }, body: ctx.body }),
    ),
  removeItem: (ctx) =>
    onCart(ctx, (cartId) => ctx.platform().cart.removeItem({ params: { id: cartId, itemId: ctx.params.itemId } })),
  /** With no (usable) cart there is nothing to empty and the answer is null. */
  reset: async (ctx) => {
    if (!ctx.cart.id) return null;
    try {
      return await ctx.platform().cart.reset({ params: { id: ctx.cart.id } });
    } catch (err) {
      if (mayBeStaleCart(err) && (await dropIfStale(ctx, ctx.cart.id))) return null;
      throw err;
    }
  },
});
