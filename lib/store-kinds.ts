import { PRODUCT_TYPE_STRINGS, type ProductTypeString } from "@/contract/dto/shared";
import type { Locale } from "@/contract/tenant-settings";

/**
 * What a store sells, as a list in the page's language ("bookings, products and gift cards"), for
 * titles and descriptions: the kinds among `products`, every kind when it is not known.
 */
export function kindsText(
  t: (key: `kinds.${ProductTypeString}`) => string,
  locale: Locale,
  products: { typeString: ProductTypeString }[] | null,
): string {
  const sold = products ? PRODUCT_TYPE_STRINGS.filter((k) => products.some((p) => p.typeString === k)) : [];
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(
    (sold.length > 0 ? sold : PRODUCT_TYPE_STRINGS).map((k) => t(`kinds.${k}`)),
  );
}
