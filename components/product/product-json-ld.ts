import { withTax } from "@/lib/money";
import type { ProductDto } from "@/contract/dto/catalog";
import type { TenantConfig } from "@/contract/tenant-settings";
import { absoluteUrl } from "@/lib/seo";

type MerchandisePolicy = TenantConfig["merchandisePolicy"];

const days = (min: number, max: number) => ({
  "@type": "QuantitativeValue",
  minValue: min,
  maxValue: max,
  unitCode: "DAY",
});

/**
 * What Google's merchant listings ask of merchandise, from what the store states (settings
 * `returnDays`, `deliveryDays`): its return policy, and delivery in Saudi Arabia at no charge (the
 * checkout charges none) in the stated days from order to door. Nothing is claimed that the store
 * has not said.
 */
function merchantFields(policy: MerchandisePolicy) {
  const { returnDays, deliveryDays } = policy;
  return {
    ...(returnDays !== null
      ? {
          hasMerchantReturnPolicy: {
            "@type": "MerchantReturnPolicy",
            applicableCountry: "SA",
            returnPolicyCategory:
              returnDays === 0
                ? "https://schema.org/MerchantReturnNotPermitted"
                : "https://schema.org/MerchantReturnFiniteReturnWindow",
            ...(returnDays > 0 ? { merchantReturnDays: returnDays } : {}),
          },
        }
      : {}),
    ...(deliveryDays
      ? {
          shippingDetails: {
            "@type": "OfferShippingDetails",
            shippingRate: { "@type": "MonetaryAmount", value: 0, currency: "SAR" },
            shippingDestination: { "@type": "DefinedRegion", addressCountry: "SA" },
            deliveryTime: {
              "@type": "ShippingDeliveryTime",
              handlingTime: days(0, 0),
              transitTime: days(deliveryDays.min, deliveryDays.max),
            },
          },
        }
      : {}),
  };
}

/**
 * schema.org Product for search engines: one Offer per price (merchant listings take no
 * AggregateOffer), each the amount a shopper pays (VAT included when charged) in SAR with
 * stock-based availability; merchandise adds the store's return and delivery terms. A product
 * without pictures shows the store's share image.
 */
export function productJsonLd({
  product,
  site,
  url,
  storeName,
  taxRate,
  fallbackImage,
  policy,
}: {
  product: ProductDto;
  site: string;
  url: string;
  storeName: string;
  taxRate: number;
  fallbackImage: string | null;
  policy: MerchandisePolicy;
}) {
  const prices = product.prices.length > 0 ? product.prices : [{ id: product.id, name: null, amount: product.amount }];
  const inStock = product.typeString !== "merchandise" || product.stock === null || product.stock > 0;
  const images = (product.images.length > 0 ? product.images : fallbackImage ? [fallbackImage] : []).map((i) =>
    absoluteUrl(site, i),
  );
  const terms = product.typeString === "merchandise" ? merchantFields(policy) : {};
  const offers = prices.map((p) => {
    const price = withTax(p.amount, taxRate).toFixed(2);
    return {
      "@type": "Offer",
      ...(prices.length > 1 && p.name ? { name: p.name } : {}),
      price,
      priceCurrency: "SAR",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: "SAR",
        valueAddedTaxIncluded: taxRate > 1,
      },
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url,
      seller: { "@type": "Organization", name: storeName },
      ...terms,
    };
  });
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    sku: product.id,
    name: product.name,
    description: product.description || product.name,
    ...(images.length > 0 ? { image: images } : {}),
    brand: { "@type": "Brand", name: storeName },
    offers,
  };
}

/** JSON for a ld+json script; "<" is escaped so tenant text can never close the script element. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
