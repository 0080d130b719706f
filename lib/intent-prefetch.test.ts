import { describe, expect, it } from "vitest";
import { INTENT_PREFETCH_SCRIPT, intentTarget } from "./intent-prefetch";
import { ordersApi } from "./store-client/orders";

const here = { origin: "https://spa.example.sa", pathname: "/en/products", search: "" };
const link = (href: string, extra: { target?: string; download?: boolean } = {}) => {
  const u = new URL(href, here.origin);
  return {
    origin: u.origin,
    pathname: u.pathname,
    search: u.search,
    target: extra.target ?? "",
    hasAttribute: (n: string) => n === "download" && !!extra.download,
  };
};

describe("prefetch on intent", () => {
  it("prefetches the catalogue pages in either language", () => {
    for (const href of [
      "/",
      "/en",
      "/products",
      "/products/massage",
      "/en/products/30a2835e-de0a-4d1c-bcd5-c06715f9df43",
      "/z/terms",
      "/en/z/a/b",
      "/products?type=gift",
    ])
      expect(intentTarget(link(href), here), href).toBe(href);
  });

  it("leaves signed-in, per-order and foreign pages, new tabs, downloads and this page alone", () => {
    for (const href of [
      "/profile",
      "/en/profile/orders",
      "/orders/abc",
      "/checkout/done/abc",
      ordersApi.invoice.href({ params: { cartId: "x" } }),
      "/products/a/b",
      "/z",
      "https://wa.me/966500000000",
      "/en/products",
    ])
      expect(intentTarget(link(href), here), href).toBeNull();
    expect(intentTarget(link("/products/x", { target: "_blank" }), here)).toBeNull();
    expect(intentTarget(link("/products/x", { download: true }), here)).toBeNull();
  });

  it("is one self-contained inline script that parses", () => {
    expect(() => new Function(INTENT_PREFETCH_SCRIPT)).not.toThrow();
    expect(INTENT_PREFETCH_SCRIPT.length).toBeLessThan(1500);
  });
});
