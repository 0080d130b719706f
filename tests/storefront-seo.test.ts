import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productJsonLd, jsonLdText } from "@/components/product/product-json-ld";
import type { ProductDto } from "@/contract/dto/catalog";
import { alternates, siteOrigin } from "@/lib/seo";
import { buildSitemap } from "@/lib/sitemap";

const product = (over: Partial<ProductDto> = {}): ProductDto => ({
  id: "p1",
  slugs: { ar: "زيت", en: "oil" },
  type: 2,
  typeString: "merchandise",
  name: "Oil",
  description: "Lavender </script><script>alert(1)</script>",
  images: ["/demo/oil.svg"],
  amount: 60,
  hasPackage: false,
  isFullDayBooking: false,
  isVariableDuration: false,
  prices: [{ id: "a", name: "100 ml", amount: 60 }],
  reservation: null,
  subscription: null,
  stock: 3,
  giftThemes: null,
  staff: null,
  ...over,
});

// Local hosts are addressed on this server's port.
const port = process.env.PORT;
beforeAll(() => {
  process.env.PORT = "3999";
});
afterAll(() => {
  if (port === undefined) delete process.env.PORT;
  else process.env.PORT = port;
});

describe("siteOrigin", () => {
  it("serves local hosts over http on this server's port", () => {
    expect(siteOrigin("spa.localhost")).toBe("http://spa.localhost:3999");
    expect(siteOrigin("127.0.0.1")).toBe("http://127.0.0.1:3999");
  });
  it("serves public hosts over https without a port", () => {
    expect(siteOrigin("shop.example.com")).toBe("https://shop.example.com");
  });
});

describe("alternates", () => {
  it("gives the canonical in the page's language and hreflang for each offered language", () => {
    const a = alternates("spa.localhost", "en", "/products/x", ["ar", "en"]);
    expect(a.canonical).toBe("http://spa.localhost:3999/en/products/x");
    expect(a.languages).toEqual({
      ar: "http://spa.localhost:3999/products/x",
      en: "http://spa.localhost:3999/en/products/x",
      "x-default": "http://spa.localhost:3999/products/x",
    });
  });
  it("has no hreflang when the store offers one language", () => {
    const a = alternates("coffee.localhost", "ar", "/", ["ar"]);
    expect(a.canonical).toBe("http://coffee.localhost:3999/");
    expect(a.languages).toBeUndefined();
  });
});

describe("buildSitemap", () => {
  it("lists every page in every offered language with its alternates", () => {
    const xml = buildSitemap("spa.localhost", ["/", "/products/x"], ["ar", "en"]);
    expect(xml).toContain("<loc>http://spa.localhost:3999/</loc>");
    expect(xml).toContain("<loc>http://spa.localhost:3999/en/products/x</loc>");
    expect(xml).toContain('hreflang="en" href="http://spa.localhost:3999/en"');
    expect(xml.match(/<url>/g)).toHaveLength(4);
  });
  it("has no alternates for a one-language store", () => {
    const xml = buildSitemap("coffee.localhost", ["/"], ["ar"]);
    expect(xml).not.toContain("xhtml:link");
  });
});

describe("productJsonLd", () => {
  const base = { site: "spa.localhost", url: "http://spa.localhost:3999/products/p1", storeName: "Rimal", fallbackImage: null };
  it("offers the price including VAT in SAR with stock availability", () => {
    const ld = productJsonLd({ ...base, product: product(), taxRate: 1.15 }) as { offers: Record<string, unknown>; image: string[] };
    expect(ld.offers).toMatchObject({ "@type": "Offer", price: "69.00", priceCurrency: "SAR", availability: "https://schema.org/InStock" });
    expect(ld.image).toEqual(["http://spa.localhost:3999/demo/oil.svg"]);
  });
  it("uses an AggregateOffer for several prices and OutOfStock when sold out", () => {
    const ld = productJsonLd({ ...base, product: product({ stock: 0, prices: [{ id: "a", name: "s", amount: 250 }, { id: "b", name: "l", amount: 320 }] }), taxRate: 1.15 }) as { offers: Record<string, unknown> };
    expect(ld.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "287.50", highPrice: "368.00", offerCount: 2, availability: "https://schema.org/OutOfStock" });
  });
  it("never lets tenant text close the script element", () => {
    const text = jsonLdText(productJsonLd({ ...base, product: product(), taxRate: 1 }));
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).description).toContain("</script>");
  });
});
