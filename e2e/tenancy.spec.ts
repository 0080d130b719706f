import { expect, test } from "./test";
import { coffeeUrl, LOCALES, readMessages, snap, spaUrl } from "./support";

test.describe("tenants by host and languages", () => {
  test("spa serves Arabic right-to-left at / and English left-to-right at /en", async ({ page }, info) => {
    const ar = await page.goto(spaUrl("/"));
    expect(ar?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByText("مساج استرخاء ٦٠ دقيقة").first()).toBeVisible();
    await snap(page, info, "home-spa-ar");

    const en = await page.goto(spaUrl("/en"));
    expect(en?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByText("60-minute relaxing massage").first()).toBeVisible();
    await snap(page, info, "home-spa-en");
  });

  test("the bare localhost serves the default tenant", async ({ page }) => {
    const res = await page.goto(`http://localhost:${new URL(spaUrl()).port}/`);
    expect(res?.status()).toBe(200);
    await expect(page.getByText("مساج استرخاء ٦٠ دقيقة").first()).toBeVisible();
  });

  test("each tenant shows only its own catalogue", async ({ page }, info) => {
    await page.goto(coffeeUrl("/products"));
    await expect(page.getByText("مطحنة يدوية").first()).toBeVisible();
    await expect(page.getByText("مساج استرخاء ٦٠ دقيقة")).toHaveCount(0);
    await snap(page, info, "products-coffee-ar");

    await page.goto(spaUrl("/products"));
    await expect(page.getByText("زيت مساج باللافندر").first()).toBeVisible();
    await expect(page.getByText("مطحنة يدوية")).toHaveCount(0);
  });

  test("each store's footer says who sells: VAT and CR numbers, address and contact, in both languages", async ({
    page,
  }, info) => {
    const seller = (label: string) => page.getByRole("contentinfo").getByRole("region", { name: label });
    await page.goto(spaUrl("/"));
    const ar = seller("بيانات البائع");
    await expect(ar.getByRole("definition").filter({ hasText: "310123456700003" })).toBeVisible();
    await expect(ar.getByText("الرقم الضريبي")).toBeVisible();
    await expect(ar.getByText("السجل التجاري")).toBeVisible();
    await expect(ar.getByText("1010654321")).toBeVisible();
    await expect(ar.getByRole("link", { name: "+966 55 123 4567" })).toHaveAttribute(
      "href",
      "https://wa.me/966551234567",
    );
    await expect(ar.getByRole("link", { name: "+966 11 234 5678" })).toHaveAttribute("href", "tel:+966112345678");
    await snap(page, info, "footer-seller-spa-ar");

    await page.goto(spaUrl("/en/products"));
    const en = seller("About the seller");
    await expect(en.getByText("VAT number")).toBeVisible();
    await expect(en.getByText("CR number")).toBeVisible();
    await expect(en.getByText("King Fahd Road, Al Olaya, Riyadh 12211")).toBeVisible();

    await page.goto(coffeeUrl("/"));
    await expect(seller("بيانات البائع").getByText("302345678900003")).toBeVisible();
    await expect(seller("بيانات البائع").getByText("4030123456")).toBeVisible();
  });

  test("English is not offered on coffee: its English addresses open the Arabic pages", async ({ page }) => {
    await page.goto(coffeeUrl("/en"));
    await expect(page).toHaveURL(coffeeUrl("/"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await page.goto(coffeeUrl("/en/products"));
    await expect(page).toHaveURL(coffeeUrl("/products"));
  });

  test("an unknown host gets a 404 page", async ({ page }, info) => {
    const res = await page.goto(`http://nowhere.localhost:${new URL(spaUrl()).port}/`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "المتجر غير موجود" })).toBeVisible();
    await snap(page, info, "unknown-host");
  });

  test("an unknown path inside a store gets the store's 404 page, in the page's language, with a way on", async ({
    page,
  }) => {
    for (const { locale, prefix } of LOCALES) {
      const t = readMessages<{ notFound: { title: string; products: string } }>(locale, "common").notFound;
      const res = await page.goto(spaUrl(`${prefix}/no-such-page`));
      expect(res?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: t.products }).click();
      await expect(page).toHaveURL(spaUrl(`${prefix}/products`));
    }
  });
});
