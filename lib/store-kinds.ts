import type { ProductTypeString } from "@/contract/dto/shared";
import type { Locale } from "@/contract/tenant-settings";

const KIND_ORDER: ProductTypeString[] = ["reservation", "subscription", "merchandise", "gift"];

/**
 * What a store sells, as a list in the page's language ("bookings, products and gift cards"), for
 * titles and descriptions: the kinds among `products`, every kind when it is not known.
 */
export function kindsText(t: (key: `kinds.${ProductTypeString}`) => string, locale: Locale, products: { typeString: ProductTypeString }[] | null): string {
  const sold = products ? KIND_ORDER.filter((k) => products.some((p) => p.typeString === k)) : [];
  return new Intl.ListFormat(locale, { type: "conjunction" }).format((sold.length > 0 ? sold : KIND_ORDER).map((k) => t(`kinds.${k}`)));
}
