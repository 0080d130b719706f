import { expect, test, type Request } from "./test";
import { forProject, PORT, readMessages, snap, spaUrl } from "./support";

const checkoutTexts = readMessages<{ steps: { label: string } }>("en", "checkout");
const orderTexts = readMessages<{ paymentErrorPage: { description: string } }>("en", "order");

/**
 * In-app links move client-side: after the first document, home → the product list → a product →
 * Back → another product asks the server for no other document (each step is one RSC request, or a
 * prefetch made earlier). The page cache answers documents only; a client navigation's RSC request
 * never gets its HTML (which would make the router fall back to a full page load on every tap).
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
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __sfHydrated?: boolean }).__sfHydrated === true))
      .toBe(true);

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
    await expect
      .poll(async () => {
        const r = rsc.slice(flights).find(full);
        return !!r && !!(await r.response());
      })
      .toBe(true);
    const afterPrefetch = rsc.length;
    await card.click();
    await expect(page).toHaveURL(spaUrl(first));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(
      rsc.slice(afterPrefetch).filter((r) => new URL(r.url()).pathname === first),
      "the tap asked for nothing more",
    ).toHaveLength(0);
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

  test("a product URL answers HTML to a document request and a flight payload to the router, cached or not", async ({
    page,
    request,
  }) => {
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
    // The page's flight data carries the texts its client code shows, not the checkout's and orders'
    // (they come with the cart sheet's code).
    const html = await cached.text();
    expect(html).toContain("Skip to content");
    for (const deferred of [checkoutTexts.steps.label, orderTexts.paymentErrorPage.description])
      expect(html).not.toContain(deferred);
  });

  test("products have readable addresses: links by slug in the page's language, the id and the other language's slug answer 308", async ({
    page,
    request,
  }, info) => {
    const { locale, prefix } = forProject(info.project.name);
    await page.goto(spaUrl(prefix || "/"));
    const hrefs = await page
      .getByRole("main")
      .locator('a[href*="/products/"]')
      .evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute("href")!)));
    expect(hrefs.length).toBeGreaterThan(2);
    const oil = locale === "ar" ? `/products/زيت-مساج-باللافندر` : "/en/products/lavender-massage-oil";
    expect(hrefs).toContain(oil);
    for (const href of hrefs) expect(href, "no ids in links").not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    const local = (p: string) => `http://localhost:${PORT}${p}`;
    const product = (await (await request.get(local(`/api/app/products/slug/lavender-massage-oil`))).json()).data as {
      id: string;
    };
    const own = `${prefix}/products/${encodeURIComponent(locale === "ar" ? "زيت-مساج-باللافندر" : "lavender-massage-oil")}`;
    const other = `${prefix}/products/${encodeURIComponent(locale === "ar" ? "lavender-massage-oil" : "زيت-مساج-باللافندر")}`;
    for (const old of [`${prefix}/products/${product.id}`, other]) {
      const res = await request.get(local(old), { maxRedirects: 0 });
      expect(res.status(), old).toBe(308);
      expect(res.headers()["location"], old).toBe(own);
    }
    const page200 = await request.get(local(own));
    expect(page200.status()).toBe(200);
    const html = await page200.text();
    // The default store's localhost copy names the store's one canonical host (<slug>.<BASE_DOMAIN>), not itself.
    const origin = `http://spa.localhost:${PORT}`;
    expect(html).toContain(`<link rel="canonical" href="${origin}${own}"/>`);
    expect(html).not.toContain(`href="http://localhost:${PORT}/`);
    expect(html).toContain(`hrefLang="ar" href="${origin}/products/${encodeURIComponent("زيت-مساج-باللافندر")}"`);
    expect(html).toContain(`hrefLang="en" href="${origin}/en/products/lavender-massage-oil"`);
    expect(await (await request.get(local("/products/no-such-product"))).status()).toBe(404);

    // The shopper lands on the readable address, and the page works from there.
    await page.goto(spaUrl(`${prefix}/products/${product.id}`));
    await expect(page).toHaveURL(spaUrl(own));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      locale === "ar" ? "زيت مساج باللافندر" : "Lavender massage oil",
    );
    await snap(page, info, `product-slug-${locale}`);

    // The language switch goes straight to the other language's slug: one document, no redirect.
    const hops: number[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "document") hops.push(res.status());
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __sfHydrated?: boolean }).__sfHydrated === true))
      .toBe(true);
    await page
      .getByRole("banner")
      .getByRole("link", { name: locale === "ar" ? "English" : "العربية" })
      .click();
    const there =
      locale === "ar" ? "/en/products/lavender-massage-oil" : `/products/${encodeURIComponent("زيت-مساج-باللافندر")}`;
    await expect(page).toHaveURL(spaUrl(there));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      locale === "ar" ? "Lavender massage oil" : "زيت مساج باللافندر",
    );
    expect(hops).toEqual([200]);
  });
});
