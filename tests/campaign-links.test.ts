import { describe, expect, it } from "vitest";
import { GET as discountLink } from "@/app/[site]/[locale]/discount/[code]/route";
import { couponLinkTarget, queryString, sameSitePath } from "@/lib/site-routing";

/** A campaign survives every link a landing meets: the coupon link, and the store's own redirects. */

const CAMPAIGN = "utm_source=snap&utm_campaign=eid&ScCid=abc";

/** What /discount/{code} answers (the handler as the proxy hands it the request: /{site}/{locale}/…). */
async function follow(locale: string, code: string, query: string) {
  const req = new Request(`http://spa.localhost/spa.localhost/${locale}/discount/${code}${query}`);
  const res = await discountLink(req, { params: Promise.resolve({ site: "spa.localhost", locale, code }) });
  return { status: res.status, location: res.headers.get("location"), cache: res.headers.get("cache-control") };
}
const paramsOf = (location: string | null) => Object.fromEntries(new URL(location!, "http://x").searchParams);
const pathOf = (location: string | null) => new URL(location!, "http://x").pathname;

describe("/discount/{code}", () => {
  it("goes to the product its redirect names, with the campaign, the click id and the coupon", async () => {
    const res = await follow("ar", "RELAX10", `?${CAMPAIGN}&redirect=/en/products/swedish-massage`);
    expect(res.status).toBe(307);
    expect(res.cache).toBe("no-store");
    expect(pathOf(res.location)).toBe("/en/products/swedish-massage");
    expect(paramsOf(res.location)).toEqual({
      utm_source: "snap",
      utm_campaign: "eid",
      ScCid: "abc",
      coupon: "RELAX10",
    });
    // The same link followed twice: the same answer.
    expect(await follow("ar", "RELAX10", `?${CAMPAIGN}&redirect=/en/products/swedish-massage`)).toEqual(res);
  });

  it("without a redirect: the home page in the link's language, every parameter kept", async () => {
    expect((await follow("ar", "RELAX10", `?${CAMPAIGN}&fbclid=F1`)).location).toBe(
      `/?${CAMPAIGN}&fbclid=F1&coupon=RELAX10`,
    );
    expect((await follow("en", "RELAX10", "")).location).toBe("/en?coupon=RELAX10");
    // The path's code wins over a `coupon` of the query; repeated parameters are kept as repeated.
    expect((await follow("en", "RELAX10", "?coupon=OTHER&tag=a&tag=b")).location).toBe(
      "/en?tag=a&tag=b&coupon=RELAX10",
    );
  });

  it("a redirect off this store, or to no page, lands on the home page with the campaign", async () => {
    const foreign = [
      "https://evil.example/",
      "http://evil.example",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      " /products",
      "/\t/evil.example",
      "/\n/evil.example",
      "/products\u0000",
      "evil.example",
      "products/x",
      `/${"a".repeat(1001)}`,
      "/api/app/tenants",
      "/sandbox/conversions",
      "/_next/static/x.js",
      "/discount/OTHER",
      "/en/discount/OTHER?redirect=https://evil.example",
      "",
    ];
    for (const redirect of foreign) {
      for (const locale of ["ar", "en"]) {
        const res = await follow(locale, "RELAX10", `?${CAMPAIGN}&redirect=${encodeURIComponent(redirect)}`);
        expect(res.status, redirect).toBe(307);
        expect(pathOf(res.location), redirect).toBe(locale === "ar" ? "/" : "/en");
        expect(res.location!.startsWith("/") && !res.location!.startsWith("//"), redirect).toBe(true);
        expect(paramsOf(res.location), redirect).toEqual({
          utm_source: "snap",
          utm_campaign: "eid",
          ScCid: "abc",
          coupon: "RELAX10",
        });
      }
    }
  });

  it("a redirect's own query and fragment are kept; /ar/… is written without its prefix", async () => {
    const res = await follow("en", "RELAX10", `?gclid=G&redirect=${encodeURIComponent("/en/products?type=gift#top")}`);
    expect(res.location).toBe("/en/products?type=gift&gclid=G&coupon=RELAX10#top");
    expect((await follow("en", "X", "?redirect=/ar/products/a")).location).toBe("/products/a?coupon=X");
    expect((await follow("en", "X", "?redirect=/ar")).location).toBe("/?coupon=X");
    // An Arabic slug, escaped or not.
    const slug = "مساج-سويدي";
    expect(pathOf((await follow("ar", "X", `?redirect=${encodeURIComponent(`/products/${slug}`)}`)).location)).toBe(
      `/products/${encodeURIComponent(slug)}`,
    );
  });
});

describe("the pure parts", () => {
  it("sameSitePath: paths of this store only", () => {
    expect(sameSitePath("/en/products/a?x=1")).toBe("/en/products/a?x=1");
    expect(sameSitePath("/z/about")).toBe("/z/about");
    expect(sameSitePath("/en/../../products")).toBe("/products");
    for (const bad of [null, "", "//x", "/\\x", "https://x", "x", "/a\u0085b".replace("\u0085", "\u0007")])
      expect(sameSitePath(bad), String(bad)).toBeNull();
  });

  it("queryString: a page's searchParams as a query, repeated keys kept", () => {
    expect(queryString({})).toBe("");
    expect(queryString({ utm_source: "snap", tag: ["a", "b"], gone: undefined })).toBe("?utm_source=snap&tag=a&tag=b");
    expect(queryString({ q: "مساج & more" })).toBe(`?${new URLSearchParams({ q: "مساج & more" })}`);
  });

  it("couponLinkTarget: the link's parameters after the redirect's own", () => {
    expect(couponLinkTarget("ar", "C", new URLSearchParams("redirect=/products/a?x=1&y=2"))).toBe(
      "/products/a?x=1&y=2&coupon=C",
    );
  });
});
