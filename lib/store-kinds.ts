import "server-only";
import { cache } from "react";
import { PRODUCT_TYPE_STRINGS, type ProductTypeString } from "@/contract/dto/shared";
import type { TenantDto } from "@/contract/dto/tenants";
import type { Locale } from "@/contract/tenant-settings";
import { platform } from "@/lib/platform-client/core";

/** The store's catalogue, read once per request by whichever parts of a page need it. */
export const storeCatalogue = cache((tenant: TenantDto, locale: Locale) => platform({ tenant, locale }).catalog.list());

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
