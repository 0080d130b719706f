import { localePath } from "@/lib/site-routing";
import { safeLink } from "@/rules/safe-link";
import type { Locale } from "@/contract/tenant-settings";

/**
 * Only same-site paths ("/products") and http(s) URLs are followed; anything else (javascript:,
 * protocol-relative "//host") is dropped, so a tenant setting cannot become an injection or an open redirect.
 */
export function safeAnnouncementLink(link: string | null, locale: Locale): { href: string; external: boolean } | null {
  const safe = link ? safeLink(link) : null;
  if (!safe) return null;
  return safe.external ? safe : { href: localePath(locale, safe.href), external: false };
}

/** Where the dismissed announcement's key is kept (localStorage; per store, as storage is per host). */
export const BANNER_DISMISSED_KEY = "sf:announcement-dismissed";

/** A short key for this announcement (texts and link): a changed announcement shows again after a dismissal. Pure. */
export function announcementKey(parts: readonly (string | null)[]): string {
  let h = 5381;
  for (const ch of parts.map((p) => p ?? "").join("\u0000")) h = ((h << 5) + h + ch.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

/**
 * Runs while the page is parsed, before the first paint: a dismissed banner is hidden at once, so it
 * neither flashes nor shifts the page. The key is base-36, safe inside the script text.
 */
export function hideIfDismissedScript(key: string): string {
  return `try{if(localStorage.getItem(${JSON.stringify(BANNER_DISMISSED_KEY)})===${JSON.stringify(key)})document.currentScript.parentElement.hidden=true}catch(e){}`;
}
