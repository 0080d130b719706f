import { expect, test, type Page, type Response } from "./test";
import { forProject, snap, spaUrl } from "./support";

/** The pictures the page shows, as the browser loaded them. */
const shown = (page: Page, scope: string) =>
  page.locator(`${scope} img[srcset]`).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      srcset: img.srcset,
      sizes: img.sizes,
      current: img.currentSrc,
      complete: img.complete,
      natural: img.naturalWidth,
      box: [img.getAttribute("width"), img.getAttribute("height")],
      placeholder: img.style.backgroundImage,
    })),
  );

/**
 * Tenant pictures go through the image route: a width-based srcset the browser chooses from, AVIF
 * for a browser that takes it, a content-addressed address cached for good, a blurred stand-in
 * while loading, and reserved space (no layout shift).
 */
test.describe("images", () => {
  test("the product list and a product page draw pictures from the image route at the width they need", async ({
    page,
  }, info) => {
    const { prefix } = forProject(info.project.name);
    const pictures: Response[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname === "/api/img") pictures.push(res);
    });
    // Layout shifts, from the first paint on.
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });

    await page.goto(spaUrl(`${prefix}/products`));
    const cards = page.getByRole("main").locator('a[href*="/products/"] img[srcset]');
    await expect(cards.first()).toBeVisible();
    await expect.poll(async () => (await shown(page, "main a")).every((i) => i.complete && i.natural > 0)).toBe(true);
    for (const img of await shown(page, "main a")) {
      expect(img.srcset).toMatch(/^\/api\/img\?w=\d+&u=%2Fdemo%2F[\w-]+\.[0-9a-f]{10}\.jpg \d+w(, |$)/);
      expect(img.sizes).toContain("50vw");
      expect(img.current).toContain("/api/img?w=");
      expect(img.placeholder).toMatch(/blur=1/);
      expect(img.box).toEqual(["480", "360"]);
    }
    await snap(page, info, "images-product-list");

    const pictured = page
      .getByRole("main")
      .locator('a[href*="/products/"]')
      .filter({ has: page.locator("img") })
      .first();
    const name = (await pictured.getByRole("heading").textContent())!;
    await pictured.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const gallery = page.getByRole("main").locator("img[srcset]").first();
    await expect(gallery).toBeVisible();
    await expect
      .poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The box is the screen's width on the phone and half the page on the desktop: the browser
    // picks a width near it (times the screen's density), not the largest.
    const { current, rendered, dpr } = await gallery.evaluate((img: HTMLImageElement) => ({
      current: img.currentSrc,
      rendered: img.getBoundingClientRect().width,
      dpr: devicePixelRatio,
    }));
    const chosen = Number(new URL(current).searchParams.get("w"));
    expect(chosen).toBeGreaterThanOrEqual(Math.min(rendered * dpr, 1280) * 0.75);
    expect(chosen).toBeLessThanOrEqual(Math.max(rendered * dpr * 2, 320));

    const answer = pictures.find((r) => r.url() === current)!;
    expect(answer.headers()["content-type"]).toBe("image/avif");
    expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.02);
    await snap(page, info, "images-product");
  });
});
