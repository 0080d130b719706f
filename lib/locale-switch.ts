import { localePath } from "@/lib/site-routing";

/**
 * The same page in another language, from the browser's own path and query (what the visitor sees,
 * not the proxy's internal /{site}/{locale} path): `/en/products?type=gift` ⇄ `/products?type=gift`.
 */
export function switchLocaleHref(pathname: string, search: string, from: string, to: string): string {
  const bare = from === "en" ? pathname.replace(/^\/en(?=\/|$)/, "") || "/" : pathname;
  return `${localePath(to, bare)}${search}`;
}

/**
 * The visitor's path from usePathname(): it is the public one when rendered per request, but a
 * page rendered ahead of time sees the proxy's internal /{site}/{locale}/… path; both map to the
 * public form, so server and browser render the same link.
 */
export function publicPathname(pathname: string, site: string, locale: string): string {
  for (const prefix of [`/${site}/${locale}`, `/${encodeURIComponent(site)}/${locale}`]) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`))
      return localePath(locale, pathname.slice(prefix.length) || "/");
  }
  return pathname;
}
