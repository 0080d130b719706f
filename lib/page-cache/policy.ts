/**
 * Which storefront requests the proxy's page cache answers: the pages every visitor sees alike
 * (home, the product list, product pages, the store's website pages), asked for as a document.
 * Client navigations (RSC requests), server actions and everything signed-in or per-order
 * (profile, checkout done, payment error) are rendered by Next on every request. Pure.
 */

/** The content version the server's hook (instrumentation-node.ts) answers for a site that is no store. */
export const NO_STORE = "none";

/** A product's address (its slug, or an id or old slug that answers 308 and so is never stored). */
const PRODUCT = /^\/products\/[^/]+$/;

export function isCacheablePage(rest: string): boolean {
  return rest === "" || rest === "/products" || PRODUCT.test(rest) || /^\/z\/[^/]+(\/[^/]+)*$/.test(rest);
}

/** The headers of a request that is not a plain document load. */
const NOT_A_DOCUMENT = [
  "rsc",
  "next-router-prefetch",
  "next-router-state-tree",
  "next-action",
  "next-router-segment-prefetch",
];

export type CacheableRequest = {
  method: string;
  headers: { get(name: string): string | null };
  searchParams: URLSearchParams;
};

/**
 * The cache key of a request, or null when it must be rendered. Query parameters are not part of
 * a page (UTM and click ids are read in the browser), except the product list's `type` filter.
 */
export function pageCacheKey(site: string, locale: string, rest: string, req: CacheableRequest): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (!isCacheablePage(rest)) return null;
  if (NOT_A_DOCUMENT.some((h) => req.headers.get(h) !== null) || req.searchParams.has("_rsc")) return null;
  const type = rest === "/products" ? req.searchParams.get("type") : null;
  return `${site}|${locale}|${rest || "/"}${type ? `?type=${type}` : ""}`;
}

/** The path a cache fill renders: the page itself, with only the query that is part of it. */
export function fillPath(pathname: string, key: string): string {
  const q = key.indexOf("?type=");
  return q === -1 ? pathname : `${pathname}?type=${encodeURIComponent(key.slice(q + 6))}`;
}
