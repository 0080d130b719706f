import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { PlatformCallError, platformCall } from "./core";
import type { AddCartItemInput, CartDto, TenantRef, UpdateCartItemInput } from "./types";

// Every mutation answers with the whole cart (totals recomputed by the platform), so that the
// caller never computes money itself. Rule violations throw PlatformCallError with the SP: code.
// `token`: the signed-in customer's access token. A customer's cart answers only to that
// customer's token (anonymous or another customer ⇒ 404, read as a missing cart).

const cartPath = (cartId: string, rest = "") => `cart/${encodeURIComponent(cartId)}${rest}`;

/** A new, empty, active cart for the tenant. */
export function createCart(tenant: TenantRef, locale: Locale, token?: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "POST", "cart", { locale, token });
}

/** The cart with items and totals; null when it does not exist for this tenant (e.g. a stale cookie) or is not the caller's. */
export async function getCart(tenant: TenantRef, locale: Locale, cartId: string, token?: string): Promise<CartDto | null> {
  try {
    return await platformCall<CartDto>(tenant, "GET", cartPath(cartId), { locale, token });
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 404) return null;
    throw err;
  }
}

/** Adds an item (merchandise of the same product and price merges into its line). */
export function addCartItem(tenant: TenantRef, locale: Locale, cartId: string, input: AddCartItemInput, token?: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "POST", cartPath(cartId, "/items"), { locale, body: input, token });
}

/** Changes an item's quantity and, optionally, its price. */
export function updateCartItem(tenant: TenantRef, locale: Locale, cartId: string, itemId: string, input: UpdateCartItemInput, token?: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "PUT", cartPath(cartId, `/items/${encodeURIComponent(itemId)}`), { locale, body: input, token });
}

export function removeCartItem(tenant: TenantRef, locale: Locale, cartId: string, itemId: string, token?: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "DELETE", cartPath(cartId, `/items/${encodeURIComponent(itemId)}`), { locale, token });
}

/** Empties the cart (items, coupon); the cart id stays valid. */
export function resetCart(tenant: TenantRef, locale: Locale, cartId: string, token?: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "POST", cartPath(cartId, "/reset"), { locale, token });
}

/**
 * Makes a guest cart the signed-in customer's (sign-in keeps what the visitor added). When that
 * cart is empty and the customer already has an active cart, that cart is returned instead: keep
 * the returned id.
 */
export function assignCart(tenant: TenantRef, locale: Locale, cartId: string, token: string): Promise<CartDto> {
  return platformCall<CartDto>(tenant, "POST", cartPath(cartId, "/assign"), { locale, token });
}
