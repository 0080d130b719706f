import { describe, expect, it } from "vitest";
import { publicPathname, switchLocaleHref } from "./locale-switch";

describe("switchLocaleHref", () => {
  it("adds /en to an Arabic page and keeps the query", () => {
    expect(switchLocaleHref("/", "", "ar", "en")).toBe("/en");
    expect(switchLocaleHref("/products", "?type=gift", "ar", "en")).toBe("/en/products?type=gift");
    expect(switchLocaleHref("/z/terms-and-conditions", "", "ar", "en")).toBe("/en/z/terms-and-conditions");
  });
  it("drops /en for the Arabic page", () => {
    expect(switchLocaleHref("/en", "", "en", "ar")).toBe("/");
    expect(switchLocaleHref("/en/products/abc", "?x=1", "en", "ar")).toBe("/products/abc?x=1");
  });
  it("does not mistake a path that merely starts with 'en'", () => {
    expect(switchLocaleHref("/enquiry", "", "ar", "en")).toBe("/en/enquiry");
  });
});

describe("publicPathname", () => {
  it("maps the proxy's internal path to the public one", () => {
    expect(publicPathname("/spa.localhost/ar/products/x", "spa.localhost", "ar")).toBe("/products/x");
    expect(publicPathname("/spa.localhost/en", "spa.localhost", "en")).toBe("/en");
    expect(publicPathname("/spa.localhost/en/products", "spa.localhost", "en")).toBe("/en/products");
  });
  it("leaves a public path alone", () => {
    expect(publicPathname("/en/products", "spa.localhost", "en")).toBe("/en/products");
    expect(publicPathname("/", "spa.localhost", "ar")).toBe("/");
  });
});
