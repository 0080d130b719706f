import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { setPlatformDb } from "@/platform/db";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { describeEachDb } from "./helpers/test-db";
import { withSettings } from "./helpers/checkout";

/**
 * A store's languages are its frontendLanguages as written (spec §3): an English-only store sends
 * an Arabic address to the same page in English, and an Arabic-only one an English address to Arabic.
 */
describeEachDb("the languages a store offers", (t) => {
  const proxy = import("@/proxy").then((m) => m.proxy);
  let restore: (() => Promise<void>) | null = null;
  const visit = async (host: string, path: string) => {
    const res = await (await proxy)(new NextRequest(`http://${host}${path}`, { headers: { host } }));
    return { status: res.status, location: res.headers.get("location") };
  };
  const offer = async (frontendLanguages: string) => {
    restore = await withSettings(t().db, t().spa, { frontendLanguages });
    clearTenantCache();
  };

  beforeAll(() => {
    // The proxy's answer, not the page behind it: no page-cache fill from a server that is not there.
    process.env.PAGE_CACHE = "off";
    setPlatformDb({ db: t().db, kind: "pglite", close: async () => {} });
    clearTenantCache();
  });
  afterAll(() => {
    delete process.env.PAGE_CACHE;
  });
  afterEach(async () => {
    await restore?.();
    restore = null;
    clearTenantCache();
  });

  it("an English-only store: Arabic pages go to the same page in English", async () => {
    await offer("en");
    expect(await visit("spa.localhost", "/products?sort=price")).toEqual({
      status: 307,
      location: "http://spa.localhost/en/products?sort=price",
    });
    expect(await visit("spa.localhost", "/")).toEqual({ status: 307, location: "http://spa.localhost/en" });
    // /ar/… first loses its prefix (Arabic has none), then goes to English.
    expect((await visit("spa.localhost", "/ar/products")).location).toBe("http://spa.localhost/products");
    expect((await visit("spa.localhost", "/en/products")).status).toBe(200);
  });

  it("an Arabic-only store sends English pages to Arabic; a store of both serves both", async () => {
    expect(await visit("coffee.localhost", "/en/products")).toEqual({
      status: 307,
      location: "http://coffee.localhost/products",
    });
    expect((await visit("spa.localhost", "/en/products")).status).toBe(200);
    expect((await visit("spa.localhost", "/products")).status).toBe(200);
  });

  it("/ar/… to the unprefixed page, and an Arabic page of an English-only store to English, query and all", async () => {
    // An ad's landing keeps its campaign, click id and coupon through both (tests/campaign-links.test.ts).
    const q = "?utm_source=snap&utm_campaign=eid&ScCid=abc&fbclid=F&coupon=RELAX10";
    expect(await visit("spa.localhost", `/ar/products/x${q}`)).toEqual({
      status: 308,
      location: `http://spa.localhost/products/x${q}`,
    });
    expect(await visit("spa.localhost", `/ar${q}`)).toEqual({ status: 308, location: `http://spa.localhost/${q}` });
    await offer("en");
    expect(await visit("spa.localhost", `/products/x${q}`)).toEqual({
      status: 307,
      location: `http://spa.localhost/en/products/x${q}`,
    });
    // The coupon link of an English-only store: its English link, with the campaign.
    expect(await visit("spa.localhost", `/discount/RELAX10${q}`)).toEqual({
      status: 307,
      location: `http://spa.localhost/en/discount/RELAX10${q}`,
    });
    // Twice: the same answer.
    expect(await visit("spa.localhost", `/discount/RELAX10${q}`)).toEqual({
      status: 307,
      location: `http://spa.localhost/en/discount/RELAX10${q}`,
    });
  });
});
