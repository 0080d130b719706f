import { describe, expect, it } from "vitest";
import { localePath, siteKeyFromHost, splitLocale } from "@/lib/site-routing";

describe("siteKeyFromHost", () => {
  it.each([
    ["spa.localhost:3000", "spa.localhost"],
    ["SPA.Example.COM", "spa.example.com"],
    ["localhost", "localhost"],
    ["127.0.0.1:8080", "127.0.0.1"],
    ["shop.example.com.", "shop.example.com"],
    [null, null],
    ["", null],
    ["evil/../host", null],
    ["a b", null],
    ["x".repeat(300), null],
  ])("%j → %j", (host, key) => expect(siteKeyFromHost(host)).toBe(key));
});

describe("splitLocale", () => {
  it.each([
    ["/", { locale: "ar", rest: "" }],
    ["/products/1", { locale: "ar", rest: "/products/1" }],
    ["/en", { locale: "en", rest: "" }],
    ["/en/", { locale: "en", rest: "" }],
    ["/en/products", { locale: "en", rest: "/products" }],
    ["/english", { locale: "ar", rest: "/english" }],
  ])("%s", (path, expected) => expect(splitLocale(path)).toEqual(expected));
  it("redirects /ar paths to the unprefixed address", () => {
    expect(splitLocale("/ar/products").redirectTo).toBe("/products");
    expect(splitLocale("/ar").redirectTo).toBe("/");
  });
});

describe("localePath", () => {
  it.each([
    ["ar", "/", "/"],
    ["ar", "/products", "/products"],
    ["en", "/", "/en"],
    ["en", "products", "/en/products"],
  ])("%s %s → %s", (locale, path, expected) => expect(localePath(locale, path)).toBe(expected));
});
