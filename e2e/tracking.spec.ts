import { expect, test, type Page } from "./test";
import { forProject, messagesByLocale, snap, spaUrl } from "./support";
import { expectNoFindings, scan, type Finding } from "./a11y-support";
import { addAndCheck, openProduct } from "./cart-support";
import { checkout, order } from "./checkout-support";
import { checkoutTo } from "./payments-support";
import { account, freshMobile, signInWithSheet } from "./account-support";
import { journal, journalPixels, stubPixels, type PixelLogEntry } from "./pixels-support";

/**
 * Marketing pixels and UTM (spec §1, §3), with the pixels stubbed (pixels-support.ts). spa
 * configures tag manager, Meta, TikTok and the session-analytics tag, but no Snapchat pixel (the
 * coffee roastery's Snapchat pixel is held by the delivery journey).
 */

const pixelLog = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __sfPixelLog?: PixelLogEntry[] }).__sfPixelLog ?? []).map((e) => ({
      pixel: e.pixel,
      event: e.event,
    })),
  );

const pageViews = (log: { pixel: string; event: string }[]) =>
  log.filter((e) => /^(PageView|page_view|page|PAGE_VIEW)$/.test(e.event));
const purchases = (log: { pixel: string; event: string }[]) =>
  log.filter((e) => /^(Purchase|purchase|CompletePayment|PURCHASE)$/.test(e.event));

/** The parameters each pixel received for one of our events (per pixel: its own name of it). */
async function received(page: Page, names: Record<"gtm" | "meta" | "tiktok", string>) {
  let found: Record<string, Record<string, unknown>> = {};
  await expect
    .poll(
      async () => {
        const log = await journal(page);
        found = Object.fromEntries(
          Object.entries(names).flatMap(([pixel, event]) => {
            const hit = log.findLast((e) => e.pixel === pixel && e.event === event);
            return hit ? [[pixel, hit.params as Record<string, unknown>]] : [];
          }),
        );
        return Object.keys(found).sort();
      },
      { message: JSON.stringify(names), timeout: 15_000 },
    )
    .toEqual(["gtm", "meta", "tiktok"]);
  return found as Record<"gtm" | "meta" | "tiktok", Record<string, unknown>>;
}

/**
 * What every pixel must have been told of one product line (docs/behaviour.md, "Pixel events"):
 * Meta's content_ids/contents, TikTok's contents, GA4's items, each with its documented names.
 */
function expectProductNamed(
  params: Record<"gtm" | "meta" | "tiktok", Record<string, unknown>>,
  line: { id: string; name: string; price: number; quantity: number },
  extra: { meta?: Record<string, unknown>; gtm?: Record<string, unknown> } = {},
) {
  const { price } = line;
  expect(params.meta).toMatchObject({
    content_ids: [line.id],
    contents: [{ id: line.id, quantity: line.quantity, item_price: price }],
    content_type: "product",
    currency: "SAR",
    value: expect.any(Number),
    ...extra.meta,
  });
  expect(params.tiktok).toMatchObject({
    contents: [{ content_id: line.id, content_name: line.name, quantity: line.quantity, price }],
    content_type: "product",
    currency: "SAR",
    value: expect.any(Number),
  });
  expect(params.gtm).toMatchObject({
    currency: "SAR",
    value: expect.any(Number),
    items: [{ item_id: line.id, item_name: line.name, price, quantity: line.quantity, item_category: "merchandise" }],
    ...extra.gtm,
  });
}

/** The pixels load after the page's load event and an idle moment. */
async function pixelsLoaded(page: Page) {
  await expect.poll(async () => (await pixelLog(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
}

test("page views: one per pixel on the home page, none on product pages (they send a view-content); no ID ⇒ no script and a warning", async ({
  page,
}, info) => {
  const { prefix } = forProject(info.project.name);
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning") warnings.push(m.text());
  });
  const scripts = await stubPixels(page);

  await page.goto(`${prefix}/`);
  await pixelsLoaded(page);
  const home = await pixelLog(page);
  expect(
    pageViews(home)
      .map((e) => e.pixel)
      .sort(),
  ).toEqual(["gtm", "meta", "tiktok"]);
  // Each pixel's script is requested once its snippet ran; on a loaded machine the last may still be on its way.
  for (const host of [
    "googletagmanager.com/gtm.js?id=GTM-",
    "connect.facebook.net",
    "analytics.tiktok.com",
    "clarity.ms/tag/",
  ]) {
    await expect.poll(() => scripts.some((u) => u.includes(host)), { message: host }).toBe(true);
  }
  expect(
    scripts.filter((u) => u.includes("sc-static.net")),
    "the Snapchat pixel has no ID: nothing is loaded or sent",
  ).toEqual([]);
  expect(home.filter((e) => e.pixel === "snapchat")).toEqual([]);
  expect(warnings.some((w) => /snapchat/i.test(w))).toBe(true);

  // The product list (first segment) and a product page (second segment after /en): no page view;
  // the product page sends its own view-content.
  await page.goto(`${prefix}/products`);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1500);
  expect(pageViews(await pixelLog(page)), "no page view on the product list").toEqual([]);
  await openProduct(page, prefix, prefix ? "Rose bath salts" : "أملاح استحمام بالورد");
  await page.goto(page.url());
  await pixelsLoaded(page);
  const product = await pixelLog(page);
  expect(pageViews(product), `no page view on ${page.url()}`).toEqual([]);
  expect(
    product
      .filter((e) => /^(ViewContent|view_item)$/.test(e.event))
      .map((e) => e.pixel)
      .sort(),
  ).toEqual(["gtm", "meta", "tiktok"]);
});

test("UTM parameters are kept and sent with the order; every event names the product to each pixel; the purchase is sent once per pixel, never again on reload, in another tab or another browser", async ({
  page,
  context,
}, info) => {
  // A checkout, then the done page in three more places (reload, tab, a second browser signed in).
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  await stubPixels(page);
  await journalPixels(page);
  await page.goto(
    `${prefix}/?utm_source=instagram&utm_medium=cpc&utm_campaign=spring&utm_term=spa&utm_content=story&utm_id=42`,
  );
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("sf:utm") ?? "null")))
    .toMatchObject({ source: "instagram", medium: "cpc", campaign: "spring", term: "spa", content: "story", id: "42" });

  const productName = locale === "ar" ? "أملاح استحمام بالورد" : "Rose bath salts";
  await openProduct(page, prefix, productName);
  const cart = await addAndCheck(page, locale);
  // The product as the page showed it: its id, its name in the page's language, its unit price with VAT.
  const bought = cart.cartItems[0];
  const line = {
    id: bought.product.id,
    name: productName,
    price: Math.round((bought.amountWithTax / bought.quantity) * 100) / 100,
    quantity: 1,
  };
  expect(bought.product.name).toBe(productName);
  // One price (a 300 g jar): the product page's lowest price is the line's, and both events are worth it.
  for (const names of [
    { meta: "ViewContent", tiktok: "ViewContent", gtm: "view_item" },
    { meta: "AddToCart", tiktok: "AddToCart", gtm: "add_to_cart" },
  ])
    expectProductNamed(await received(page, names), line, { meta: { value: line.price } });
  const submitted = page.waitForRequest((r) => r.url().includes("/api/checkout/submit") && r.method() === "POST");
  const national = freshMobile();
  await checkoutTo(page, locale, checkout[locale].methods.cash.cashOnDelivery, national);
  expectProductNamed(
    await received(page, { meta: "InitiateCheckout", tiktok: "InitiateCheckout", gtm: "begin_checkout" }),
    line,
    { meta: { num_items: 1, value: cart.totalAmount } },
  );
  const paymentInfo = await received(page, {
    meta: "AddPaymentInfo",
    tiktok: "AddPaymentInfo",
    gtm: "add_payment_info",
  });
  expectProductNamed(paymentInfo, line, { gtm: { payment_type: "CASH" } });
  // Once each per pixel over the whole tab, the sign-in's reload included (once per cart; per cart and method).
  const counts = (await journal(page))
    .filter((e) => /^(InitiateCheckout|begin_checkout|AddPaymentInfo|add_payment_info)$/.test(e.event))
    .map((e) => `${e.pixel}:${e.event}`)
    .sort();
  expect(counts).toEqual([
    "gtm:add_payment_info",
    "gtm:begin_checkout",
    "meta:AddPaymentInfo",
    "meta:InitiateCheckout",
    "tiktok:AddPaymentInfo",
    "tiktok:InitiateCheckout",
  ]);
  for (const p of Object.values(paymentInfo))
    expect(JSON.stringify(p), "no order id before the order").not.toMatch(/event_?id|transaction_id/i);
  await page.getByRole("button", { name: order[locale].cash.submit.cashOnDelivery }).click();
  expect((await submitted).postDataJSON()).toMatchObject({
    utm: { source: "instagram", medium: "cpc", campaign: "spring", term: "spa", content: "story", id: "42" },
  });

  await page.waitForURL(/\/checkout\/done\//);
  await pixelsLoaded(page);
  await expect
    .poll(async () =>
      purchases(await pixelLog(page))
        .map((e) => e.pixel)
        .sort(),
    )
    .toEqual(["gtm", "meta", "tiktok"]);
  await snap(page, info, `tracking-done-${locale}`);
  // The order id is the event id the ad platforms de-duplicate by; each pixel gets what was bought.
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  const purchase = await received(page, { meta: "Purchase", tiktok: "CompletePayment", gtm: "purchase" });
  expectProductNamed(purchase, line, { meta: { eventID: orderId, num_items: 1 }, gtm: { transaction_id: orderId } });
  expect(purchase.tiktok.event_id).toBe(orderId);
  // Tag manager: the previous ecommerce object cleared right before the purchase's.
  const dataLayer = await page.evaluate(
    () => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer,
  );
  const at = dataLayer.findIndex((e) => e.event === "purchase");
  expect(dataLayer[at - 1]).toEqual({ ecommerce: null });

  await page.reload();
  await page.waitForLoadState("load");
  await page.waitForTimeout(2000);
  expect(purchases(await pixelLog(page)), "no second purchase on reload").toEqual([]);

  const again = await context.newPage();
  await stubPixels(again);
  await again.goto(page.url());
  await again.waitForLoadState("load");
  await again.waitForTimeout(2000);
  expect(purchases(await pixelLog(again)), "no second purchase in another tab").toEqual([]);

  // Another browser (nothing of the first's storage), signed in as the same customer: still none.
  const elsewhere = await context.browser()!.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await elsewhere.newPage();
  await stubPixels(other);
  await other.goto(`${prefix}/`);
  await other.getByRole("button", { name: account[locale].menu.signIn }).first().click();
  await signInWithSheet(other, locale, national);
  // Signing in refreshes the page it happened on: the done page is opened once that has settled.
  await expect(other.getByRole("button", { name: account[locale].menu.signIn })).toHaveCount(0);
  await other.waitForLoadState("networkidle");
  await other.goto(page.url());
  await expect(other.getByText(order[locale].done.orderNumber)).toBeVisible();
  await other.waitForLoadState("load");
  await other.waitForTimeout(2000);
  expect(purchases(await pixelLog(other)), "no second purchase in another browser").toEqual([]);
  await elsewhere.close();
});

test("consent: no pixel before the shopper answers; accept loads them and sends what waited; rejected from the footer they stay off after a reload and in the other language; the UTM is kept either way", async ({
  browser,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = messagesByLocale<{ consent: { accept: string; reject: string; settings: string; label: string } }>(
    "common",
  )[locale].consent;
  // A first visit: a browser that has answered nothing.
  const u = info.project.use;
  const context = await browser.newContext({
    viewport: u.viewport,
    isMobile: u.isMobile,
    hasTouch: u.hasTouch,
    userAgent: u.userAgent,
    deviceScaleFactor: u.deviceScaleFactor,
    reducedMotion: "reduce",
    baseURL: spaUrl(),
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const scripts = await stubPixels(page);
  await page.goto(`${prefix}/?utm_source=instagram&utm_campaign=spring`);
  const banner = page.getByRole("region", { name: c.label });
  await expect(banner).toBeVisible();
  await snap(page, info, `consent-banner-${locale}`);
  const findings: Finding[] = [];
  await scan(page, "consent banner", findings, banner);
  expectNoFindings(findings);
  await page.waitForLoadState("load");
  await page.waitForTimeout(2000);
  expect(scripts, "no pixel before an answer").toEqual([]);
  expect(await pixelLog(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("sf:utm")), "first-party UTM regardless").toContain(
    "instagram",
  );

  // Yes (a double tap): the pixels load and the page view that waited goes out, once per pixel.
  await banner.getByRole("button", { name: c.accept }).dblclick();
  await expect(banner).toBeHidden();
  await pixelsLoaded(page);
  expect(
    pageViews(await pixelLog(page))
      .map((e) => e.pixel)
      .sort(),
  ).toEqual(["gtm", "meta", "tiktok"]);
  await expect.poll(() => scripts.some((u) => u.includes("connect.facebook.net"))).toBe(true);

  // Changed to no from the footer: from the next page on, no pixel, whatever the language.
  await page.getByRole("button", { name: c.settings }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: c.reject }).click();
  await expect(banner).toBeHidden();
  scripts.length = 0;
  await page.reload();
  await page.waitForLoadState("load");
  await page.waitForTimeout(2000);
  await expect(banner).toBeHidden();
  await page.goto(prefix ? "/" : "/en/");
  await page.waitForLoadState("load");
  await page.waitForTimeout(2000);
  await expect(page.locator("#sf-consent")).toBeHidden();
  expect(scripts, "rejected: no pixel, in either language").toEqual([]);
  expect(await pixelLog(page)).toEqual([]);
  await context.close();
});
