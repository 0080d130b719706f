import "server-only";
import { cookies } from "next/headers";
import { env } from "@/server/env";

/**
 * The one module that knows the storefront's cookie names and flags. Route handlers and server
 * components read and write cookies only through these helpers.
 */

export type CookieFlags = {
  httpOnly: boolean;
  sameSite: "lax" | "strict" | "none";
  secure: boolean;
  path: string;
  maxAge: number;
};

/** A cart lives about a month in the browser; the platform keeps it as long as it is active. */
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * One cart cookie per tenant: a custom domain and `<slug>.<base domain>` are different hosts
 * anyway, but a shared parent domain must never hand tenant A's cart to tenant B.
 */
export function cartCookieName(tenantSlug: string): string {
  return `sf_cart_${tenantSlug.toLowerCase().replace(/[^a-z0-9_-]/g, "_")}`;
}

/**
 * Secure everywhere in production, except a production start that is told it serves plain http
 * (PUBLIC_URL_SCHEME=http, e.g. the local demo on a LAN address), where the browser would drop it.
 */
export function secureCookies(e: { NODE_ENV: string; PUBLIC_URL_SCHEME?: "http" | "https" } = env()): boolean {
  if (e.PUBLIC_URL_SCHEME) return e.PUBLIC_URL_SCHEME === "https";
  return e.NODE_ENV === "production";
}

/** httpOnly so that scripts never see the cart id; Lax so that a link from an ad keeps the cart. */
export function cartCookieFlags(secure = secureCookies()): CookieFlags {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: CART_COOKIE_MAX_AGE_S };
}

/** A cart id as the platform issues it (uuid); anything else in the cookie is ignored. */
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseCartId(value: string | undefined): string | null {
  return value && CART_ID.test(value) ? value : null;
}

/**
 * The signed-in customer's session (lib/session), one per tenant for the same reason as the cart.
 * Its value is sealed by iron-session: encrypted and signed, so neither scripts nor the shopper
 * can read or change the tokens inside.
 */
export function sessionCookieName(tenantSlug: string): string {
  return `sf_session_${tenantSlug.toLowerCase().replace(/[^a-z0-9_-]/g, "_")}`;
}

/**
 * The session lives as long as its refresh token (30 days). httpOnly: browser JavaScript never
 * sees a token. Lax: a link from an ad arrives signed in, a cross-site POST does not carry it.
 */
export const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export function sessionCookieFlags(secure = secureCookies()): CookieFlags {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: SESSION_COOKIE_MAX_AGE_S };
}

export async function readCartId(tenantSlug: string): Promise<string | null> {
  const jar = await cookies();
  return parseCartId(jar.get(cartCookieName(tenantSlug))?.value);
}

export async function writeCartId(tenantSlug: string, cartId: string): Promise<void> {
  const jar = await cookies();
  jar.set(cartCookieName(tenantSlug), cartId, cartCookieFlags());
}

export async function clearCartId(tenantSlug: string): Promise<void> {
  const jar = await cookies();
  // Same path and flags as when set, or the browser keeps the old cookie.
  jar.set(cartCookieName(tenantSlug), "", { ...cartCookieFlags(), maxAge: 0 });
}
