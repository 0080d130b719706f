import { test, type Page } from "@playwright/test";
import { LOCALES, snap } from "./support";
import type { Locale } from "./cart-support";
import { checkout } from "./checkout-support";
import { CARDS, checkoutTo, expectCardOnlyAtProvider, expectCartFinished, expectInProfile, expectPaidOrder, fillBasket, recordRequests, setSpaSettings } from "./payments-support";

/**
 * spa with MyFatoorah as its card provider (spec §9: rekaz-pay behaves the same). The project runs
 * after every other journey on this server, since it changes the store's settings; it puts them back.
 */
test.describe.configure({ mode: "serial" });
test.beforeAll(() => setSpaSettings({ onlinePaymentProvider: "myfatoorah" }));
test.afterAll(() => setSpaSettings({ onlinePaymentProvider: "moyasar" }));

async function payWithMyFatoorah(page: Page, locale: Locale, prefix: string, day: number) {
  const requests = recordRequests(page);
  const basket = { kind: "membership", day } as const;
  await fillBasket(page, locale, prefix, basket);
  await checkoutTo(page, locale, checkout[locale].methods.card);
  // The embedded form is the provider's own frame: the card is typed there, never into our page.
  const frame = page.frameLocator("iframe[src*='/sandbox/myfatoorah/']");
  const l = locale === "ar" ? { number: "رقم البطاقة", name: "الاسم على البطاقة", month: "الشهر", year: "السنة", cvc: "رمز التحقق" } : { number: "Card number", name: "Name on card", month: "Month", year: "Year", cvc: "CVC" };
  await frame.getByLabel(l.number).fill(CARDS.mada3ds);
  await frame.getByLabel(l.name).fill("Reem Alotaibi");
  await frame.getByLabel(l.month).fill("12");
  await frame.getByLabel(l.year).fill(String(new Date().getFullYear() + 2));
  await frame.getByLabel(l.cvc).fill("123");
  await snap(page, test.info(), `payments-myfatoorah-${locale}`);
  await page.getByRole("button", { name: locale === "ar" ? /^ادفع/ : /^Pay / }).click();
  await page.waitForURL(/\/sandbox\/myfatoorah\//);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectPaidOrder(page, locale, "card");
  await snap(page, test.info(), `payments-myfatoorah-done-${locale}`);
  expectCardOnlyAtProvider(requests, CARDS.mada3ds, /^\/sandbox\/myfatoorah\//);
  await expectCartFinished(page, locale);
  await expectInProfile(page, locale, prefix, basket);
}

test.describe("phone, Arabic", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("MyFatoorah: paid through the embedded card form and its 3-D Secure page", async ({ page }) => {
    const { locale, prefix } = LOCALES[0];
    await payWithMyFatoorah(page, locale, prefix, 18);
  });
});

test.describe("desktop, English", () => {
  test("MyFatoorah: paid through the embedded card form and its 3-D Secure page", async ({ page }) => {
    const { locale, prefix } = LOCALES[1];
    await payWithMyFatoorah(page, locale, prefix, 19);
  });
});
