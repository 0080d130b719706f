import { expect, test } from "./test";
import { formatSar } from "@/lib/money";
import { openProduct } from "./cart-support";
import { coffeeUrl, forProject, messagesByLocale, snap, spaUrl } from "./support";

test.describe("search engines see server-rendered pages", () => {
  test("a product page's HTML carries its name, price, Product JSON-LD in SAR, canonical and hreflang", async ({
    page,
  }) => {
    await openProduct(page, "/en", "Lavender massage oil");
    const path = new URL(page.url()).pathname.replace(/^\/en/, "");
    // The HTML as served (view-source), fetched by the page: the test runner cannot resolve tenant hosts.
    const html = await page.evaluate(async () => (await fetch(location.href)).text());
    expect(html).toContain("Lavender massage oil");
    // 60.00 + 15% VAT, as the page's text reads it (the sign is its own element, named for screen readers).
    expect(html.replace(/<[^>]*>/g, "")).toContain(formatSar(69, "en"));
    const ldText = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    expect(ldText, "Product JSON-LD in the HTML").toBeTruthy();
    const ld = JSON.parse(ldText!);
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Lavender massage oil",
      offers: [{ "@type": "Offer", priceCurrency: "SAR", price: "69.00", availability: "https://schema.org/InStock" }],
    });
    expect(ld.offers[0].priceSpecification).toMatchObject({ valueAddedTaxIncluded: true });
    // Merchandise: the store's stated return window and delivery days (the demo states 14 and 1–3).
    expect(ld.offers[0].hasMerchantReturnPolicy).toMatchObject({ applicableCountry: "SA", merchantReturnDays: 14 });
    expect(ld.offers[0].shippingDetails.deliveryTime.transitTime).toMatchObject({ minValue: 1, maxValue: 3 });
    // Open Graph's product type and price, in the head, once.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/<meta property="og:type" content="[^"]*"/g)).toEqual([
      '<meta property="og:type" content="product"',
    ]);
    expect(head).toContain('<meta property="product:price:amount" content="69.00"/>');
    expect(head).toContain('<meta property="product:price:currency" content="SAR"/>');
    const origin = new URL(spaUrl()).origin;
    expect(html).toContain(`<link rel="canonical" href="${origin}/en${path}"/>`);
    // Each language's own address: the Arabic page's slug is the Arabic name's.
    expect(html).toContain(`hrefLang="ar" href="${origin}/products/${encodeURIComponent("زيت-مساج-باللافندر")}"`);
    expect(html).toContain(`hrefLang="en" href="${origin}/en${path}"`);
  });

  test("a product page shares its canonical address: WhatsApp as the link, the phone's share sheet where there is one", async ({
    page,
  }, info) => {
    const { locale, prefix } = forProject(info.project.name);
    const name = locale === "ar" ? "زيت مساج باللافندر" : "Lavender massage oil";
    const t = messagesByLocale<{ share: string }>("text")[locale];
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) =>
          ((window as unknown as { shared: ShareData[] }).shared ??= []).push(data) && Promise.resolve(),
      });
    });
    await openProduct(page, prefix, name);
    // The product's own document (the link's client navigation may still be settling into one).
    await page.goto(page.url());
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            typeof navigator.share === "function" && (window as unknown as { __sfShare?: boolean }).__sfShare === true,
        ),
      )
      .toBe(true);
    const canonical = `${new URL(spaUrl()).origin}${new URL(page.url()).pathname}`;
    const share = page.getByRole("link", { name: t.share });
    await snap(page, info, `product-share-${locale}`);
    const whatsapp = new URL((await share.getAttribute("href"))!);
    expect(whatsapp.origin).toBe("https://wa.me");
    expect(whatsapp.searchParams.get("text")).toBe(
      `${name} ${locale === "ar" ? "من" : "at"} Rimal Wellness\n${canonical}`,
    );
    // The share sheet instead of WhatsApp, and the shopper stays on the product.
    await share.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared?.map((s) => s.url)))
      .toEqual([canonical]);
    expect(page.url()).toBe(canonical);
    expect(page.context().pages()).toHaveLength(1);
  });

  test("each tenant has its own sitemap.xml and robots.txt", async ({ page }) => {
    await page.goto(spaUrl("/sitemap.xml"));
    const spaMap = await page.evaluate(async () => (await fetch("/sitemap.xml")).text());
    expect(spaMap).toContain(`${new URL(spaUrl()).origin}/en/products/`);
    // Each address with when it last changed.
    expect(spaMap.match(/<url>/g)!.length).toBe(
      spaMap.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/g)!.length,
    );
    expect(spaMap).not.toContain("coffee.localhost");

    // Home's title names what the store sells, not only its brand.
    await page.goto(spaUrl("/en"));
    await expect(page).toHaveTitle("Rimal Wellness — Bookings, subscriptions, products, and gift cards");
    await page.goto(coffeeUrl("/"));
    await expect(page).toHaveTitle("Bunn Roastery — منتجات وبطاقات هدايا");

    await page.goto(coffeeUrl("/robots.txt"));
    const robots = await page.evaluate(async () => (await fetch("/robots.txt")).text());
    expect(robots).toContain(`Sitemap: ${new URL(coffeeUrl()).origin}/sitemap.xml`);
    const coffeeMap = await page.evaluate(async () => (await fetch("/sitemap.xml")).text());
    expect(coffeeMap).not.toContain("/en/");
  });

  test("every page shares a 1200×630 PNG with its words: a product its own card, the others the store's", async ({
    page,
  }, info) => {
    const { locale, prefix } = forProject(info.project.name);
    const oil = locale === "ar" ? "زيت مساج باللافندر" : "Lavender massage oil";
    const pages = [
      "",
      "/products",
      `/products/${encodeURIComponent(locale === "ar" ? "زيت-مساج-باللافندر" : "lavender-massage-oil")}`,
      "/z/terms-and-conditions",
    ];
    for (const path of pages) {
      await page.goto(spaUrl(`${prefix}${path}` || "/"));
      const meta = (name: string) =>
        page.locator(`meta[property="${name}"], meta[name="${name}"]`).first().getAttribute("content");
      const image = (await meta("og:image"))!;
      expect(new URL(image).pathname, path).toMatch(path.startsWith("/products/") ? /\/og\/product\// : /\/og\/store$/);
      expect([await meta("og:image:width"), await meta("og:image:height"), await meta("og:image:type")]).toEqual([
        "1200",
        "630",
        "image/png",
      ]);
      expect(await meta("og:image:alt"), path).toBeTruthy();
      expect(await meta("twitter:image:alt"), path).toBe(await meta("og:image:alt"));
      expect(await meta("og:locale:alternate")).toBe(locale === "ar" ? "en_US" : "ar_SA");
      if (path.startsWith("/products/")) expect(await meta("og:image:alt")).toContain(oil);
      // The PNG itself, as a crawler fetches it: its header names the size; its address is cached for a year.
      const png = await page.evaluate(async (u) => {
        const res = await fetch(u);
        const bytes = new Uint8Array(await res.arrayBuffer());
        const view = new DataView(bytes.buffer);
        return {
          type: res.headers.get("content-type"),
          cache: res.headers.get("cache-control"),
          signature: Array.from(bytes.slice(1, 4)),
          width: view.getUint32(16),
          height: view.getUint32(20),
        };
      }, new URL(image).pathname + new URL(image).search);
      expect(png, path).toEqual({
        type: "image/png",
        cache: "public, max-age=31536000, immutable",
        signature: [0x50, 0x4e, 0x47],
        width: 1200,
        height: 630,
      });
    }
  });
});
