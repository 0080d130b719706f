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
  updatedAt: "2026-11-01T09:00:00.000Z",
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
    const xml = buildSitemap(
      "spa.localhost",
      [{ path: "/" }, { path: "/products/x", lastmod: "2026-11-01T09:00:00.123Z" }],
      ["ar", "en"],
    );
    expect(xml).toContain("<loc>http://spa.localhost:3999/</loc>");
    expect(xml).toContain("<loc>http://spa.localhost:3999/en/products/x</loc>");
    expect(xml).toContain('hreflang="en" href="http://spa.localhost:3999/en"');
    expect(xml.match(/<url>/g)).toHaveLength(4);
    // When it last changed, for each language's address; none where it is not known.
    expect(xml.match(/<lastmod>2026-11-01T09:00:00Z<\/lastmod>/g)).toHaveLength(2);
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
  });
  it("has no alternates for a one-language store", () => {
    const xml = buildSitemap("coffee.localhost", [{ path: "/" }], ["ar"]);
    expect(xml).not.toContain("xhtml:link");
  });
});

describe("productJsonLd", () => {
  const unstated = { returnDays: null, deliveryDays: null };
  const base = {
    site: "spa.localhost",
    url: "http://spa.localhost:3999/products/p1",
    storeName: "Rimal",
    fallbackImage: null,
    policy: unstated,
  };
  type Ld = { offers: Record<string, unknown>[]; image?: string[] };
  it("offers the price including VAT in SAR with stock availability", () => {
    const ld = productJsonLd({ ...base, product: product(), taxRate: 1.15 }) as Ld;
    expect(ld.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        price: "69.00",
        priceCurrency: "SAR",
        availability: "https://schema.org/InStock",
      }),
    ]);
    expect(ld.image).toEqual(["http://spa.localhost:3999/demo/oil.svg"]);
  });
  it("has one Offer per price, each named, and OutOfStock when sold out (merchant listings take no AggregateOffer)", () => {
    const ld = productJsonLd({
      ...base,
      product: product({
        stock: 0,
        prices: [
          { id: "a", name: "s", amount: 250 },
          { id: "b", name: "l", amount: 320 },
        ],
      }),
      taxRate: 1.15,
    }) as Ld;
    expect(ld.offers.map((o) => [o["@type"], o.name, o.price, o.priceCurrency, o.availability])).toEqual([
      ["Offer", "s", "287.50", "SAR", "https://schema.org/OutOfStock"],
      ["Offer", "l", "368.00", "SAR", "https://schema.org/OutOfStock"],
    ]);
  });
  it("gives merchandise the store's stated return window and delivery days, and claims nothing the store has not stated", () => {
    const stated = { returnDays: 14, deliveryDays: { min: 1, max: 3 } };
    const [offer] = (productJsonLd({ ...base, policy: stated, product: product(), taxRate: 1.15 }) as Ld).offers;
    expect(offer.hasMerchantReturnPolicy).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "SA",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 14,
    });
    expect(offer.shippingDetails).toMatchObject({
      shippingRate: { value: 0, currency: "SAR" },
      shippingDestination: { addressCountry: "SA" },
      deliveryTime: { transitTime: { minValue: 1, maxValue: 3, unitCode: "DAY" } },
    });
    const [noReturns] = (
      productJsonLd({ ...base, policy: { returnDays: 0, deliveryDays: null }, product: product(), taxRate: 1.15 }) as Ld
    ).offers;
    expect(noReturns.hasMerchantReturnPolicy).toMatchObject({
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    });
    expect(noReturns).not.toHaveProperty("shippingDetails");
    expect((productJsonLd({ ...base, product: product(), taxRate: 1.15 }) as Ld).offers[0]).not.toHaveProperty(
      "hasMerchantReturnPolicy",
    );
    // A booking is not shipped.
    const [booking] = (
      productJsonLd({
        ...base,
        policy: stated,
        product: product({ typeString: "reservation", stock: null }),
        taxRate: 1.15,
      }) as Ld
    ).offers;
    expect(booking).not.toHaveProperty("shippingDetails");
    expect(booking).not.toHaveProperty("hasMerchantReturnPolicy");
  });
  it("shows the store's share image for a product without pictures", () => {
    const ld = productJsonLd({
      ...base,
      fallbackImage: "/og/store?v=abc",
      product: product({ images: [] }),
      taxRate: 1,
    }) as Ld;
    expect(ld.image).toEqual(["http://spa.localhost:3999/og/store?v=abc"]);
  });
  it("never lets tenant text close the script element", () => {
    const text = jsonLdText(productJsonLd({ ...base, product: product(), taxRate: 1 }));
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).description).toContain("</script>");
  });
});
