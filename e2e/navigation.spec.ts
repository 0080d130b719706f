import { expect, test, type Request } from "@playwright/test";
import { forProject, PORT, snap, spaUrl } from "./support";

/**
 * In-app links move client-side: after the first document, home → the product list → a product →
 * Back → another product asks the server for no other document (each step is one RSC request, or a
 * prefetch made earlier). The page cache answers documents only; a client navigation's RSC request
 * never gets its HTML (which made the router fall back to a full page load on every tap).
 */
test.describe("client navigation", () => {
  test("home → products → product → Back → another product loads one document", async ({ page }, info) => {
    const { locale, prefix } = forProject(info.project.name);
    const documents: string[] = [];
    const rsc: Request[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "document") documents.push(req.url());
      else if (req.headers()["rsc"] === "1") rsc.push(req);
    });
    await page.goto(spaUrl(prefix || "/"));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    // Hydrated (the router takes link taps only then).
    await expect.poll(() => page.evaluate(() => (window as unknown as { __sfHydrated?: boolean }).__sfHydrated === true)).toBe(true);

    const header = page.getByRole("banner");
    await header.getByRole("link", { name: locale === "ar" ? "المنتجات" : "Products", exact: true }).click();
    await expect(page).toHaveURL(spaUrl(`${prefix}/products`));
    const cards = page.getByRole("main").locator('a[href*="/products/"]');
    await expect(cards.first()).toBeVisible();
    const first = (await cards.nth(0).getAttribute("href"))!;
    const second = (await cards.nth(1).getAttribute("href"))!;
    expect(first).not.toBe(second);

    // A mouse resting on the card prefetches the product in full (its route tree, then its data);
    // the click then shows it from that prefetch.
    const flights = rsc.length;
    const card = page.getByRole("main").locator(`a[href="${first}"]`).first();
    await card.hover();
    const full = (r: Request) => new URL(r.url()).pathname === first && !r.headers()["next-router-segment-prefetch"];
    await expect.poll(async () => { const r = rsc.slice(flights).find(full); return !!r && !!(await r.response()); }).toBe(true);
    const afterPrefetch = rsc.length;
    await card.click();
    await expect(page).toHaveURL(spaUrl(first));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(rsc.slice(afterPrefetch).filter((r) => new URL(r.url()).pathname === first), "the tap asked for nothing more").toHaveLength(0);
    await snap(page, info, `navigation-product-${locale}`);

    await page.goBack();
    await expect(page).toHaveURL(spaUrl(`${prefix}/products`));
    await page.getByRole("main").locator(`a[href="${second}"]`).first().click();
    await expect(page).toHaveURL(spaUrl(second));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    expect(documents, "documents loaded").toEqual([spaUrl(prefix || "/")]);
    // Every RSC answer the router got was a flight payload, never a page's HTML.
    for (const req of rsc) {
      const res = await req.response();
      if (res && res.status() === 200) expect(res.headers()["content-type"], req.url()).toContain("text/x-component");
    }
  });

  test("a product URL answers HTML to a document request and a flight payload to the router, cached or not", async ({ page, request }) => {
    await page.goto(spaUrl("/en/products"));
    const href = (await page.getByRole("main").locator('a[href*="/products/"]').first().getAttribute("href"))!;
    // The default tenant on a loopback name (the test runner cannot resolve tenant hosts).
    const local = (p: string) => `http://localhost:${PORT}${p}`;
    // Twice each: the second document is the page cache's; the RSC request after it must still be rendered.
    for (let i = 0; i < 2; i++) {
      const doc = await request.get(local(href));
      expect(doc.headers()["content-type"]).toContain("text/html");
      const flight = await request.get(local(`${href}?_rsc`), { headers: { RSC: "1" } });
      expect(flight.status()).toBe(200);
      expect(flight.headers()["content-type"]).toContain("text/x-component");
      expect(flight.headers()["vary"]?.toLowerCase()).toContain("rsc");
    }
    // A cached document says which requests it differs from, for any cache on the way.
    const cached = await request.get(local(href));
    expect(cached.headers()["x-sf-cache"]).toBe("hit");
    expect(cached.headers()["vary"]?.toLowerCase()).toContain("rsc");
  });
});
