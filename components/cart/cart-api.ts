import type { AddCartItemInput, ApiEnvelope, CartDto, UpdateCartItemInput } from "@/lib/platform-client/types";

/**
 * The browser's side of the storefront cart BFF (/api/cart/*). The cart id lives in an httpOnly
 * cookie, so these calls never name the cart; the page's language travels as `?locale=`.
 */

/** A refused cart call, carrying the platform's `SP:` code for translation. */
export class CartApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "CartApiError";
  }
}

async function call(locale: string, method: string, path: string, body?: unknown): Promise<CartDto | null> {
  let res: Response;
  try {
    res = await fetch(`/api/cart${path}?locale=${encodeURIComponent(locale)}`, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new CartApiError(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<CartDto | null> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload) throw new CartApiError(res.status, payload.error.code, payload.error.message);
  throw new CartApiError(res.status, "SP:BadGateway", "The store answered with no JSON");
}

export const cartApi = {
  get: (locale: string) => call(locale, "GET", ""),
  addItem: async (locale: string, input: AddCartItemInput) => (await call(locale, "POST", "/items", input)) as CartDto,
  updateItem: async (locale: string, itemId: string, input: UpdateCartItemInput) =>
    (await call(locale, "PUT", `/items/${encodeURIComponent(itemId)}`, input)) as CartDto,
  removeItem: async (locale: string, itemId: string) => (await call(locale, "DELETE", `/items/${encodeURIComponent(itemId)}`)) as CartDto,
  reset: (locale: string) => call(locale, "POST", "/reset"),
};

export const cartQueryKey = (locale: string) => ["cart", locale] as const;
