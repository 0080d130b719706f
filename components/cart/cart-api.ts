import type { AddCartItemInput, ApiEnvelope, CartDto, UpdateCartItemInput } from "@/lib/platform-client/types";

/**
 * The browser's side of the storefront cart BFF (/api/cart/*). The cart id lives in an httpOnly
 * cookie, so these calls never name the cart; the page's language travels as `?locale=`.
 */

/** A refused cart or checkout call, carrying the platform's `SP:` code (and details such as the field). */
export class CartApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "CartApiError";
  }
}

/** One call to a storefront BFF endpoint (`/api/cart/…`, `/api/checkout/…`) answering `{data}` or `{error}`. */
export async function callBff<T>(locale: string, method: string, url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${url}${url.includes("?") ? "&" : "?"}locale=${encodeURIComponent(locale)}`, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new CartApiError(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload) throw new CartApiError(res.status, payload.error.code, payload.error.message, payload.error.details);
  throw new CartApiError(res.status, "SP:BadGateway", "The store answered with no JSON");
}

const call = (locale: string, method: string, path: string, body?: unknown) => callBff<CartDto | null>(locale, method, `/api/cart${path}`, body);

export const cartApi = {
  get: (locale: string) => call(locale, "GET", ""),
  addItem: async (locale: string, input: AddCartItemInput) => (await call(locale, "POST", "/items", input)) as CartDto,
  updateItem: async (locale: string, itemId: string, input: UpdateCartItemInput) =>
    (await call(locale, "PUT", `/items/${encodeURIComponent(itemId)}`, input)) as CartDto,
  removeItem: async (locale: string, itemId: string) => (await call(locale, "DELETE", `/items/${encodeURIComponent(itemId)}`)) as CartDto,
  reset: (locale: string) => call(locale, "POST", "/reset"),
};

export const cartQueryKey = (locale: string) => ["cart", locale] as const;
