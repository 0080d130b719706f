/** Pure helpers of the proxy: no I/O, so that the proxy stays cheap on every request. */

/** A host header → the site key used in internal paths (lower-case host name without port). */
export function siteKeyFromHost(host: string | null): string | null {
  if (!host) return null;
  const name = host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (name.startsWith("[")) return name.replace(/[[\]]/g, "").replace(/:/g, "-") || null; // IPv6 literal
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : null;
}

/**
 * `/en/...` → en; anything else → ar (no prefix). `/ar/...` redirects to the unprefixed path, so
 * that every page has one address per language.
 */
export function splitLocale(pathname: string): { locale: "ar" | "en"; rest: string; redirectTo?: string } {
  if (pathname === "/en" || pathname.startsWith("/en/")) {
    const rest = pathname.slice(3);
    return { locale: "en", rest: rest === "/" ? "" : rest };
  }
  if (pathname === "/ar" || pathname.startsWith("/ar/")) {
    return { locale: "ar", rest: "", redirectTo: pathname.slice(3) || "/" };
  }
  return { locale: "ar", rest: pathname === "/" ? "" : pathname };
}

/** A path segment as written (a malformed escape names nothing: null). */
export function decodedSegment(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** A product's path (no locale prefix) in a language: its slug there, escaped for a URL. */
export function productPath(slugs: { ar: string; en: string }, locale: string): string {
  return `/products/${encodeURIComponent(locale === "en" ? slugs.en : slugs.ar)}`;
}

/** The external path of a page in a locale: ar has no prefix, en lives under /en. */
export function localePath(locale: string, path: string): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  if (locale === "ar") return p;
  return p === "/" ? "/en" : `/en${p}`;
}

/** A page's query as Next hands it to a page (`searchParams`), as a query string ("" or `?…`). */
export function queryString(params: Record<string, string | string[] | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  const s = out.toString();
  return s ? `?${s}` : "";
}

/** The longest `redirect` a link may name (a page's address with its own query). */
const MAX_REDIRECT = 1000;
/** A base that is no real host: a path that leaves it names another site. */
const HERE = "https://store.invalid";
/** Paths on the host that are no page to land on (the API, Next's files, the sandboxes), and a coupon link itself (no loop). */
const NOT_A_LANDING = /^\/(?:api|_next|sandbox|demo|\.well-known)(?:\/|$)|^\/(?:en\/)?discount(?:\/|$)/;

/**
 * A link's `redirect` as a page of this store (its path, query and fragment), or null for anything
 * else: another site (`https://…`, `//host`, `/\host`, which browsers read as `//host`), a scheme
 * (`javascript:`), control characters, more than 1000 characters, a path that is no page. Its
 * language is its own prefix, as every address of the store (none: Arabic; `/ar/…` written
 * without its prefix, saving a redirect).
 */
export function sameSitePath(raw: string | null): string | null {
  if (!raw || raw.length > MAX_REDIRECT || !raw.startsWith("/") || raw.startsWith("//")) return null;
  if (raw.includes("\\") || /\p{Cc}/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const pathname = splitLocale(url.pathname).redirectTo ?? url.pathname;
  if (NOT_A_LANDING.test(pathname)) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/**
 * Where a coupon link (/discount/{code}) sends the shopper: its `redirect` when it names a page of
 * this store, else the home page in the link's language; with every other parameter of the link
 * (the campaign's `utm_*` and click ids) and `coupon={code}`.
 */
export function couponLinkTarget(locale: string, code: string, query: URLSearchParams): string {
  const url = new URL(sameSitePath(query.get("redirect")) ?? localePath(locale, "/"), HERE);
  for (const [key, value] of query) if (key !== "redirect" && key !== "coupon") url.searchParams.append(key, value);
  url.searchParams.set("coupon", code);
  return `${url.pathname}${url.search}${url.hash}`;
}
