import "server-only";
import { clearCartId, readCartId, writeCartId } from "@/lib/cookies";
import { addCartItem, createCart, getCart, removeCartItem, resetCart, updateCartItem } from "@/lib/platform-client/cart";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { AddCartItemInput, CartDto, UpdateCartItemInput } from "@/lib/platform-client/types";
import { getSessionToken } from "@/lib/session/session";
import type { BffContext } from "./bff";
import { BffError } from "./bff";

/**
 * The shopper's cart as the cookie points to it. A cookie naming a cart that no longer exists or
 * is completed means "no cart": the cookie is cleared and the next add starts a new cart.
 * A signed-in customer's cart answers only to their access token, so every call sends it
 * (undefined for a guest).
 */

type CartCall = BffContext & { token: string | undefined };

async function withToken(ctx: BffContext): Promise<CartCall> {
  return { ...ctx, token: (await getSessionToken(ctx.tenant)) ?? undefined };
}

const isUsable = (cart: CartDto | null): cart is CartDto => cart !== null && cart.status !== "completed";

/** The errors after which it is worth asking whether the cart itself is still there. */
const mayBeStaleCart = (err: unknown) =>
  err instanceof PlatformCallError && (err.status === 404 || err.code === "SP:CartAlreadyCompleted");

async function currentCartId(ctx: CartCall): Promise<string | null> {
  return readCartId(ctx.tenant.slug);
}

/** True when the cookie's cart is gone or completed (and then the cookie is cleared). */
async function dropIfStale(ctx: CartCall, cartId: string): Promise<boolean> {
  if (isUsable(await getCart(ctx.tenant, ctx.locale, cartId, ctx.token))) return false;
  await clearCartId(ctx.tenant.slug);
  return true;
}

export async function readCart(bff: BffContext): Promise<CartDto | null> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (!cartId) return null;
  const cart = await getCart(ctx.tenant, ctx.locale, cartId, ctx.token);
  if (isUsable(cart)) return cart;
  await clearCartId(ctx.tenant.slug);
  return null;
}

async function startCart(ctx: CartCall): Promise<string> {
  const cart = await createCart(ctx.tenant, ctx.locale, ctx.token);
  // Set before the item is added: a refused item still leaves the shopper one (empty) cart
  // instead of a new orphan cart on every attempt.
  await writeCartId(ctx.tenant.slug, cart.id);
  return cart.id;
}

/** Adds an item, creating the cart (and its cookie) on the first add. */
export async function addItem(bff: BffContext, input: AddCartItemInput): Promise<CartDto> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (cartId) {
    try {
      return await addCartItem(ctx.tenant, ctx.locale, cartId, input, ctx.token);
    } catch (err) {
      // A 404 may also mean "no such product": only a vanished or completed cart is retried.
      if (!mayBeStaleCart(err) || !(await dropIfStale(ctx, cartId))) throw err;
    }
  }
  return addCartItem(ctx.tenant, ctx.locale, await startCart(ctx), input, ctx.token);
}

const noCart = () => new BffError(404, "SP:EntityNotFound", "There is no cart");

async function onCart(bff: BffContext, run: (cartId: string, token: string | undefined) => Promise<CartDto>): Promise<CartDto> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (!cartId) throw noCart();
  try {
    return await run(cartId, ctx.token);
  } catch (err) {
    if (mayBeStaleCart(err)) await dropIfStale(ctx, cartId);
    throw err;
  }
}

export function updateItem(ctx: BffContext, itemId: string, input: UpdateCartItemInput): Promise<CartDto> {
  return onCart(ctx, (cartId, token) => updateCartItem(ctx.tenant, ctx.locale, cartId, itemId, input, token));
}

export function removeItem(ctx: BffContext, itemId: string): Promise<CartDto> {
  return onCart(ctx, (cartId, token) => removeCartItem(ctx.tenant, ctx.locale, cartId, itemId, token));
}

/** Empties the cart; with no (usable) cart there is nothing to empty and the answer is null. */
export async function emptyCart(bff: BffContext): Promise<CartDto | null> {
  const ctx = await withToken(bff);
  const cartId = await currentCartId(ctx);
  if (!cartId) return null;
  try {
    return await resetCart(ctx.tenant, ctx.locale, cartId, ctx.token);
  } catch (err) {
    if (mayBeStaleCart(err) && (await dropIfStale(ctx, cartId))) return null;
    throw err;
  }
}
