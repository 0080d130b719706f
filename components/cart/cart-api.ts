import { fetchEnvelope } from "@/lib/client-fetch";
import { CodedError } from "@/contract/coded-error";
import type { AddCartItemBody, UpdateCartItemBody } from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";

/**
 * The browser's side of the storefront cart BFF (/api/cart/*). The cart id lives in an httpOnly
 * cookie, so these calls never name the cart; the page's language travels as Accept-Language.
 */

/** A refused cart or checkout call, carrying the platform's `SP:` code (and details such as the field). */
export class CartApiError extends CodedError {
  override name = "CartApiError";
}

/** One call to a storefront BFF endpoint (`/api/cart/…`, `/api/checkout/…`) answering `{data}` or `{error}`. */
export const callBff = <T>(locale: string, method: string, url: string, body?: unknown, idempotencyKey?: string) =>
  fetchEnvelope<T>(CartApiError, method, url, body, locale, { idempotencyKey });

const call = (locale: string, method: string, path: string, body?: unknown, key?: string) =>
  callBff<CartDto | null>(locale, method, `/api/cart${path}`, body, key);

export const cartApi = {
  get: (locale: string) => call(locale, "GET", ""),
  /** `key`: the add's intent (a double tap sends one key, so the platform adds once). */
  addItem: async (locale: string, input: AddCartItemBody, key?: string) =>
    (await call(locale, "POST", "/items", input, key)) as CartDto,
  updateItem: async (locale: string, itemId: string, input: UpdateCartItemBody) =>
    (await call(locale, "PUT", `/items/${encodeURIComponent(itemId)}`, input)) as CartDto,
  removeItem: async (locale: string, itemId: string) =>
    (await call(locale, "DELETE", `/items/${encodeURIComponent(itemId)}`)) as CartDto,
  reset: (locale: string) => call(locale, "POST", "/reset"),
};

export const cartQueryKey = (locale: string) => ["cart", locale] as const;
