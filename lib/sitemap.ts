import "server-only";
import { pageUrl, type PagePath } from "@/lib/seo";
import type { Locale } from "@/contract/tenant-settings";

/** Text for XML (and Pango markup): the five characters with a meaning escaped. */
export const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string);

/**
 * A store's sitemap: every page in every language the store offers, each with its hreflang
 * alternates (ar unprefixed, en under /en) so search engines pair the translations.
 */
export function buildSitemap(site: string, paths: PagePath[], languages: readonly Locale[]): string {
  const urls = paths.flatMap((path) =>
    languages.map((locale) => {
      const alternates =
        languages.length > 1
          ? [...languages.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(pageUrl(site, l, path))}"/>`), `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(site, "ar", path))}"/>`].join("")
          : "";
      return `<url><loc>${escapeXml(pageUrl(site, locale, path))}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
