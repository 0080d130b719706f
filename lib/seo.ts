import "server-only";
import type { Metadata } from "next";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";
import { localePath } from "@/lib/site-routing";
import type { Locale } from "@/contract/tenant-settings";

/**
 * The public origin of a site, from its site key (the request's host name, which is what the proxy
 * puts in the path). Built without reading request headers, so that pages stay cacheable per
 * tenant (the rule: server/site-origin.ts).
 */
export const siteOrigin = (site: string): string => siteOriginOf(site, env());

/** A page's path without the locale prefix: the same in every language, or each language's own (a product's slugs). */
export type PagePath = string | Record<Locale, string>;

/** Absolute URL of a page in a language. */
export function pageUrl(site: string, locale: Locale, path: PagePath): string {
  return `${siteOrigin(site)}${localePath(locale, typeof path === "string" ? path : path[locale])}`;
}

/** An absolute URL for an image or link that may be relative to the site. */
export function absoluteUrl(site: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteOrigin(site)}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * Canonical URL of the page in its language and hreflang alternates for the languages the tenant
 * offers (ar unprefixed, en under /en; x-default is Arabic, the store's default).
 */
export function alternates(
  site: string,
  locale: Locale,
  path: PagePath,
  languages: readonly Locale[],
): NonNullable<Metadata["alternates"]> {
  const langs = Object.fromEntries(languages.map((l) => [l, pageUrl(site, l, path)]));
  return {
    canonical: pageUrl(site, locale, path),
    languages: languages.length > 1 ? { ...langs, "x-default": pageUrl(site, "ar", path) } : undefined,
  };
}

/** A page's share image: a raster of a known size with its words (lib/og/cards.ts). */
export type PageImage = { url: string; width: number; height: number; alt: string; type: string };

type PageMeta = {
  site: string;
  locale: Locale;
  languages: readonly Locale[];
  path: PagePath;
  title?: string;
  description: string;
  storeName: string;
  image: PageImage;
  /** null: the page writes its own og:type (a product page: `product`, with its price). */
  ogType?: "website" | null;
};

const ogLocale = (locale: Locale) => (locale === "ar" ? "ar_SA" : "en_US");

/** Title, description, canonical, hreflang, Open Graph and the X card for a storefront page; its share image on both. */
export function pageMetadata({
  site,
  locale,
  languages,
  path,
  title,
  description,
  storeName,
  image,
  ogType = "website",
}: PageMeta): Metadata {
  const url = pageUrl(site, locale, path);
  return {
    ...(title ? { title } : {}),
    description,
    alternates: alternates(site, locale, path, languages),
    openGraph: {
      ...(ogType ? { type: ogType } : {}),
      url,
      siteName: storeName,
      title: title ? `${title} | ${storeName}` : storeName,
      description,
      locale: ogLocale(locale),
      alternateLocale: languages.filter((l) => l !== locale).map(ogLocale),
      images: [image],
    },
    twitter: {
      card: "summary_large_image",
      title: title ? `${title} | ${storeName}` : storeName,
      description,
      images: [{ url: image.url, alt: image.alt }],
    },
  };
}
