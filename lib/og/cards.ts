import "server-only";
import { getTranslations } from "next-intl/server";
import type { ProductDto } from "@/contract/dto/catalog";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";
import { formatSar } from "@/lib/money";
import { promoAmount } from "@/lib/payments/promo-widgets";
import { pageUrl } from "@/lib/seo";
import { plain, SHARE_HEIGHT, SHARE_WIDTH, shareVersion, type ShareCard } from "./share-image";
import { kindsText } from "@/lib/store-kinds";

/** An `og:image` / `twitter:image`: the PNG's address (its fingerprint in the query, so it can be cached for a year), size and words. */
export type ShareImage = { url: string; width: number; height: number; alt: string; type: "image/png" };

type Store = { config: TenantConfig; storeName: string };

/** A product's card: its first picture, name and lowest price with VAT, the currency written as the store's pages write it. */
export async function productCard(
  product: ProductDto,
  { config, storeName }: Store,
  locale: Locale,
): Promise<ShareCard> {
  const t = await getTranslations({ locale, namespace: "product.price" });
  const price = formatSar(promoAmount(product, config.taxRate), locale, config.sarStyle);
  return {
    locale,
    title: product.name,
    price: new Set(product.prices.map((p) => p.amount)).size > 1 ? `${t("from")} ${price}` : price,
    storeName,
    image: product.images[0] ?? null,
    logo: config.logoUrl,
  };
}

/** The store's own card (home, the catalogue, website pages): its logo large, its name and what it sells. */
export async function storeCard({ config, storeName }: Store, locale: Locale): Promise<ShareCard> {
  const t = await getTranslations({ locale, namespace: "home.meta" });
  return {
    locale,
    title: t("description", { name: storeName, kinds: kindsText(t, locale, null) }),
    price: null,
    storeName,
    image: null,
    logo: config.logoUrl,
  };
}

/** Where a card's PNG is served: /og/product/<slug> or /og/store (app/[site]/[locale]/og). */
export function shareImage(site: string, card: ShareCard, path: string): ShareImage {
  return {
    url: `${pageUrl(site, card.locale, path)}?v=${shareVersion(card)}`,
    width: SHARE_WIDTH,
    height: SHARE_HEIGHT,
    alt: card.price ? `${card.title} — ${plain(card.price)}` : `${card.storeName}: ${card.title}`,
    type: "image/png",
  };
}

export const productSharePath = (product: ProductDto, locale: Locale) =>
  `/og/product/${encodeURIComponent(locale === "en" ? product.slugs.en : product.slugs.ar)}`;
export const STORE_SHARE_PATH = "/og/store";

/** The share image of the store's pages (home, the catalogue, website pages). */
export async function storeShareImage(site: string, store: Store, locale: Locale): Promise<ShareImage> {
  return shareImage(site, await storeCard(store, locale), STORE_SHARE_PATH);
}

/** A product page's share image. */
export async function productShareImage(
  site: string,
  product: ProductDto,
  store: Store,
  locale: Locale,
): Promise<ShareImage> {
  return shareImage(site, await productCard(product, store, locale), productSharePath(product, locale));
}
