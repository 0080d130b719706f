import { localePath } from "@/lib/site-routing";
import type { Locale } from "@/lib/tenant-config";

/**
 * Only same-site paths ("/products") and http(s) URLs are followed; anything else (javascript:,
 * protocol-relative "//host") is dropped, so a tenant setting cannot become an injection or an open redirect.
 */
export function safeAnnouncementLink(link: string | null, locale: Locale): { href: string; external: boolean } | null {
  if (!link) return null;
  if (link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\")) return { href: localePath(locale, link), external: false };
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? { href: url.toString(), external: true } : null;
  } catch {
    return null;
  }
}
