import { localePath } from "@/lib/site-routing";

/**
 * The same page in another language, from the browser's own path and query (what the visitor sees,
 * not the proxy's internal /{site}/{locale} path): `/en/products?type=gift` ⇄ `/products?type=gift`.
 */
export function switchLocaleHref(pathname: string, search: string, from: string, to: string): string {
  const bare = from === "en" ? pathname.replace(/^\/en(?=\/|$)/, "") || "/" : pathname;
  return `${localePath(to, bare)}${search}`;
}
