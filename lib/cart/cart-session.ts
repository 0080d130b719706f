import "server-only";
import { clearCartId, readCartId, writeCartId } from "@/lib/cookies";
import { addCartItem, createCart, getCart, removeCartItem, resetCart, updateCartItem } from "@/lib/platform-client/cart";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { AddCartItemInput, CartDto, UpdateCartItemInput } from "@/lib/platform-client/types";
import type { BffContext } from "./bff";
import { BffError } from "./bff";

/**
 * The shopper's cart as the cookie points to it. A cookie naming a cart that no longer exists or
 * is completed means "no cart": the cookie is cleared and the next add starts a new cart.
 */

const isUsable = (cart: CartDto | null): cart is CartDto => cart !== null && cart.status !== "completed";

/** The errors after which it is worth asking whether the cart itself is still there. */
const mayBeStaleCart = (err: unknown) =>
  err instanceof PlatformCallError && (err.status === 404 || err.code === "SP:CartAlreadyCompleted");

async function currentCartId(ctx: BffContext): Promise<string | null> {
  return readCartId(ctx.tenant.slug);
}

/** True when the cookie's cart is gone or completed (and then the cookie is cleared). */
async function dropIfStale(ctx: BffContext, cartId: string): Promise<boolean> {
  if (isUsable(await getCart(ctx.tenant, ctx.locale, cartId))) return false;
  await clearCartId(ctx.tenant.slug);
  return true;
}

export async function readCart(ctx: BffContext): Promise<CartDto | null> {
  const cartId = await currentCartId(ctx);
  if (!cartId) return null;
  const cart = await getCart(ctx.tenant, ctx.locale, cartId);
  if (isUsable(cart)) return cart;
  await clearCartId(ctx.tenant.slug);
  return null;
}

async function startCart(ctx: BffContext): Promise<string> {
  const cart = await createCart(ctx.tenant, ctx.locale);
  // Set before the item is added: a refused item still leaves the shopper one (empty) cart
  // instead of a new orphan cart on every attempt.
  await writeCartId(ctx.tenant.slug, cart.id);
  return cart.id;
}

/** Adds an item, creating the cart (and its cookie) on the first add. */
export async function addItem(ctx: BffContext, input: AddCartItemInput): Promise<CartDto> {
  const cartId = await currentCartId(ctx);
  if (cartId) {
    try {
      return await addCartItem(ctx.tenant, ctx.locale, cartId, input);
    } catch (err) {
      // A 404 may also mean "no such product": only a vanished or completed cart is retried.
      if (!mayBeStaleCart(err) || !(await dropIfStale(ctx, cartId))) throw err;
    }
  }
  return addCartItem(ctx.tenant, ctx.locale, await startCart(ctx), input);
}

const noCart = () => new BffError(404, "SP:EntityNotFound", "There is no cart");

async function onCart(ctx: BffContext, run: (cartId: string) => Promise<CartDto>): Promise<CartDto> {
  const cartId = await currentCartId(ctx);
  if (!cartId) throw noCart();
  try {
    return await run(cartId);
  } catch (err) {
    if (mayBeStaleCart(err)) await dropIfStale(ctx, cartId);
    throw err;
  }
}

export function updateItem(ctx: BffContext, itemId: string, input: UpdateCartItemInput): Promise<CartDto> {
  return onCart(ctx, (cartId) => updateCartItem(ctx.tenant, ctx.locale, cartId, itemId, input));
}

export function removeItem(ctx: BffContext, itemId: string): Promise<CartDto> {
  return onCart(ctx, (cartId) => removeCartItem(ctx.tenant, ctx.locale, cartId, itemId));
}

/** Empties the cart; with no (usable) cart there is nothing to empty and the answer is null. */
export async function emptyCart(ctx: BffContext): Promise<CartDto | null> {
  const cartId = await currentCartId(ctx);
  if (!cartId) return null;
  try {
    return await resetCart(ctx.tenant, ctx.locale, cartId);
  } catch (err) {
    if (mayBeStaleCart(err) && (await dropIfStale(ctx, cartId))) return null;
    throw err;
  }
}
