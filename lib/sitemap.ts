import "server-only";
import { pageUrl, type PagePath } from "@/lib/seo";
import type { Locale } from "@/contract/tenant-settings";

/** Text for XML (and Pango markup): the five characters with a meaning escaped. */
export const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string);

/** A page for the sitemap: its path and, when known, when it last changed (ISO 8601). */
export type SitemapPage = { path: PagePath; lastmod?: string | null };

/**
 * A store's sitemap: every page in every language the store offers, each with its hreflang
 * alternates (ar unprefixed, en under /en) so search engines pair the translations, and its
 * `<lastmod>` when known (the date and time to the second, W3C format).
 */
export function buildSitemap(site: string, pages: SitemapPage[], languages: readonly Locale[]): string {
  const urls = pages.flatMap(({ path, lastmod }) =>
    languages.map((locale) => {
      const alternates =
        languages.length > 1
          ? [
              ...languages.map(
                (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(pageUrl(site, l, path))}"/>`,
              ),
              `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(site, "ar", path))}"/>`,
            ].join("")
          : "";
      const modified = lastmod ? `<lastmod>${lastmod.replace(/\.\d+Z$/, "Z")}</lastmod>` : "";
      return `<url><loc>${escapeXml(pageUrl(site, locale, path))}</loc>${modified}${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
