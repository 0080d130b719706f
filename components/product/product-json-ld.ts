import { withTax } from "@/lib/money";
import type { ProductDto } from "@/contract/dto/catalog";
import { absoluteUrl } from "@/lib/seo";

/**
 * schema.org Product for search engines: the price a shopper pays (VAT included when charged) in
 * SAR, an AggregateOffer when there are several prices, and stock-based availability.
 */
export function productJsonLd({ product, site, url, storeName, taxRate, fallbackImage }: { product: ProductDto; site: string; url: string; storeName: string; taxRate: number; fallbackImage: string | null }) {
  const amounts = (product.prices.length > 0 ? product.prices.map((p) => p.amount) : [product.amount]).map((a) => withTax(a, taxRate));
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const inStock = product.typeString !== "merchandise" || product.stock === null || product.stock > 0;
  const images = (product.images.length > 0 ? product.images : fallbackImage ? [fallbackImage] : []).map((i) => absoluteUrl(site, i));
  const common = {
    priceCurrency: "SAR",
    availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    url,
    seller: { "@type": "Organization", name: storeName },
  };
  const offers =
    low === high
      ? { "@type": "Offer", price: low.toFixed(2), ...common, priceSpecification: { "@type": "UnitPriceSpecification", price: low.toFixed(2), priceCurrency: "SAR", valueAddedTaxIncluded: taxRate > 1 } }
      : { "@type": "AggregateOffer", lowPrice: low.toFixed(2), highPrice: high.toFixed(2), offerCount: amounts.length, ...common };
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
