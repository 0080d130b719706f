import "server-only";
import { clearCartId, readCartId, writeCartId } from "@/lib/cookies";
import { orNull, PlatformCallError, type PlatformClient } from "@/lib/platform-client/core";
import type { AddCartItemBody, UpdateCartItemBody } from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";
import { getSessionToken } from "@/lib/session/session";
import { BffError, platformFor, type BffContext } from "./bff";

/**
 * The shopper's cart as the cookie points to it. A cookie naming a cart that no longer exists or
 * is completed means "no cart": the cookie is cleared and the next add starts a new cart.
 * A signed-in customer's cart answers only to their access token, so every call sends it
 * (none for a guest).
 */

type CartCall = BffContext & { cart: PlatformClient["cart"] };

async function withToken(ctx: BffContext, keySuffix = ""): Promise<CartCall> {
  return {
    ...ctx,
    cart: platformFor(ctx, (await getSessionToken(ctx.tenant)) ?? undefined, undefined, keySuffix).cart,
  };
}

const getCart = (ctx: CartCall, cartId: string) => orNull(ctx.cart.get({ params: { id: cartId } }));

const isUsable = (cart: CartDto | null): cart is CartDto => cart !== null && cart.status !== "completed";

/** The errors after which it is worth asking whether the cart itself is still there. */
const mayBeStaleCart = (err: unknown) =>
  err instanceof PlatformCallError && (err.status === 404 || err.code === "SP:CartAlreadyCompleted");

async function currentCartId(ctx: CartCall): Promise<string | null> {
  return readCartId(ctx.tenant.slug);
}

/** True when the cookie's cart is gone or completed (and then the cookie is cleared). */
async function dropIfStale(ctx: CartCall, cartId: string): Promise<boolean> {
  if (isUsable(await getCart(ctx, cartId))) return false;
  await clearCartId(ctx.tenant.slug);
  return true;
}

export async function readCart(bff: BffContext): Promise<CartDto | null> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (!cartId) return null;
  const cart = await getCart(ctx, cartId);
  if (isUsable(cart)) return cart;
  await clearCartId(ctx.tenant.slug);
  return null;
}

async function startCart(ctx: CartCall): Promise<string> {
  const cart = await ctx.cart.create();
  // Set before the item is added: a refused item still leaves the shopper one (empty) cart
  // instead of a new orphan cart on every attempt.
  await writeCartId(ctx.tenant.slug, cart.id);
  return cart.id;
}

/** Adds an item, creating the cart (and its cookie) on the first add. */
export async function addItem(bff: BffContext, input: AddCartItemBody): Promise<CartDto> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (cartId) {
    try {
      return await ctx.cart.addItem({ params: { id: cartId }, body: input });
    } catch (err) {
      // A 404 may also mean "no such product": only a vanished or completed cart is retried.
      if (!mayBeStaleCart(err) || !(await dropIfStale(ctx, cartId))) throw err;
      // The same intent's next step, on a fresh cart: a key of its own (the old cart's refusal is kept under the first).
      const fresh = await withToken(bff, "-fresh-cart");
      return fresh.cart.addItem({ params: { id: await startCart(fresh) }, body: input });
    }
  }
  return ctx.cart.addItem({ params: { id: await startCart(ctx) }, body: input });
}

const noCart = () => new BffError(404, "SP:EntityNotFound", "There is no cart");

async function onCart(
  bff: BffContext,
  run: (cartId: string, cart: CartCall["cart"]) => Promise<CartDto>,
): Promise<CartDto> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (!cartId) throw noCart();
  try {
    return await run(cartId, ctx.cart);
  } catch (err) {
    if (mayBeStaleCart(err)) await dropIfStale(ctx, cartId);
    throw err;
  }
}

export function updateItem(ctx: BffContext, itemId: string, input: UpdateCartItemBody): Promise<CartDto> {
  return onCart(ctx, (cartId, cart) => cart.updateItem({ params: { id: cartId, itemId }, body: input }));
}

export function removeItem(ctx: BffContext, itemId: string): Promise<CartDto> {
  return onCart(ctx, (cartId, cart) => cart.removeItem({ params: { id: cartId, itemId } }));
}

/** Empties the cart; with no (usable) cart there is nothing to empty and the answer is null. */
export async function emptyCart(bff: BffContext): Promise<CartDto | null> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (!cartId) return null;
  try {
    return await ctx.cart.reset({ params: { id: cartId } });
  } catch (err) {
    if (mayBeStaleCart(err) && (await dropIfStale(ctx, cartId))) return null;
    throw err;
  }
}
