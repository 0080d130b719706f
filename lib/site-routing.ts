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
