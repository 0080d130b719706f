import { expect, test, type Page } from "./test";
import { LOCALES, readMessages, snap, spaUrl } from "./support";
import type { Locale } from "./cart-support";
import { checkout, order } from "./checkout-support";
import { errors } from "./account-support";
import {
  addButton,
  cartDialog,
  dayAhead,
  messages,
  openProduct,
  pickDay,
  pickFirstOpenDay,
  platformCart,
  productOnPage,
} from "./cart-support";
import { formatSar, RIYAL_SIGN, SAR_NAME } from "@/lib/money";
import { formatTime } from "@/lib/day-format";
import { readFile } from "node:fs/promises";
import { readZip } from "@/tests/helpers/zip";
import { testPassCertificates } from "@/tests/helpers/wallet-certs";
import {
  CARDS,
  NAMES,
  checkoutTo,
  errorTexts,
  fakeApplePay,
  setWalletCertificate,
  expectCardOnlyAtProvider,
  expectCartFinished,
  expectInProfile,
  expectPaidOrder,
  fillBasket,
  recordRequests,
  setSpaSettings,
  setSpecialistDaysOff,
} from "./payments-support";
import { DEMO_IMAGES } from "@/platform/seed/demo-images";

/**
 * spa with MyFatoorah as its card provider (spec §9: rekaz-pay behaves the same). The project has a
 * server of its own (scripts/e2e-server.mjs --settings), since it changes the store's settings while
 * the other journeys browse; it puts them back.
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
  const l =
    locale === "ar"
      ? { number: "رقم البطاقة", name: "الاسم على البطاقة", month: "الشهر", year: "السنة", cvc: "رمز التحقق" }
      : { number: "Card number", name: "Name on card", month: "Month", year: "Year", cvc: "CVC" };
  await frame.getByLabel(l.number).fill(CARDS.mada3ds);
  await frame.getByLabel(l.name).fill("Reem Alotaibi");
  await frame.getByLabel(l.month).fill("12");
  await frame.getByLabel(l.year).fill(String(new Date().getFullYear() + 2));
  // Spec §8: the card form's input-validation is silent here — the form marks the field itself.
  await page.getByRole("button", { name: locale === "ar" ? /^ادفع/ : /^Pay / }).click();
  await expect(frame.getByRole("alert")).not.toBeEmpty();
  // No "Failed to create payment session" toast: one would come within a second and stay 6 s
  // (counted once, not awaited: a retrying assertion would pass once such a toast had gone).
  await page.waitForTimeout(1500);
  expect(await page.getByText(errorTexts[locale].CREATE_PAYMENT_SESSION_ERROR).count()).toBe(0);
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

test.describe("a store's window for moving bookings", () => {
  test.afterAll(() => setSpaSettings({ rescheduleWindowHours: "12" }));

  for (const [i, { locale, prefix }] of LOCALES.entries()) {
    test(`too late to move online (${locale}): a picker left open is refused in the shopper's language and the booking kept; the order then offers no change`, async ({
      page,
    }) => {
      const cart = await fillBasket(page, locale, prefix, { kind: "massage", day: 4 + i });
      await checkoutTo(page, locale, checkout[locale].methods.cash.payLater);
      await page.getByRole("button", { name: order[locale].cash.submit.payLater }).click();
      await page.waitForURL(/\/checkout\/done\//);
      const orderId = new URL(page.url()).pathname.split("/").pop()!;
      const booked = formatTime(cart.cartItems[0].reservationDateFrom!, locale);

      // spa's 12 hours leave time to move it: the picker opens.
      await page.getByRole("link", { name: order[locale].reschedule.change }).click();
      await expect(page.getByRole("heading", { level: 1, name: order[locale].reschedule.title })).toBeVisible();
      // The booking keeps its specialist: the first day on or after that they work.
      await pickFirstOpenDay(page, locale, dayAhead(9 + i));
      await page
        .getByRole("group", { name: messages[locale].product.widget.time })
        .locator("input[type=radio]:not([disabled])")
        .first()
        .check();
      // Meanwhile the store takes changes only up to 30 days ahead: this booking is inside that.
      await setSpaSettings({ rescheduleWindowHours: "720" });
      await page.getByRole("button", { name: order[locale].reschedule.submit }).click();
      await expect(page.getByText(errors[locale].SP_RescheduleWindowPassed)).toBeVisible();
      await snap(page, test.info(), `reschedule-too-late-${locale}`);

      await page.goto(`${prefix}/orders/${orderId}`);
      await expect(page.getByText(booked).first()).toBeVisible();
      await expect(page.getByRole("link", { name: order[locale].reschedule.change })).toHaveCount(0);
      expect((await page.goto(`${prefix}/orders/${orderId}/reschedule/${cart.cartItems[0].id}`))?.status()).toBe(404);
      await setSpaSettings({ rescheduleWindowHours: "12" });
    });
  }
});

test.describe("a store's window for cancelling bookings", () => {
  test.afterAll(() => setSpaSettings({ cancelWindowHours: "24" }));

  for (const [i, { locale, prefix }] of LOCALES.entries()) {
    test(`cancelled in time (${locale}): a second tab's cancel is the same one; too late, the booking is kept and the shopper told why`, async ({
      page,
      context,
      browser,
    }) => {
      const o = order[locale];
      const cart = await fillBasket(page, locale, prefix, { kind: "massage", day: 20 + i });
      await checkoutTo(page, locale, checkout[locale].methods.cash.payLater);
      await page.getByRole("button", { name: o.cash.submit.payLater }).click();
      await page.waitForURL(/\/checkout\/done\//);
      const orderId = new URL(page.url()).pathname.split("/").pop()!;
      const second = await context.newPage();
      await second.goto(`${prefix}/orders/${orderId}`);

      // The done page: asked once more (nothing was paid online, nothing to give back), then cancelled.
      await page.getByRole("button", { name: o.cancel.action }).click();
      await expect(page.getByText(o.cancel.question, { exact: true })).toBeVisible();
      await snap(page, test.info(), `cancel-ask-${locale}`);
      await page.getByRole("button", { name: o.cancel.confirm }).dblclick();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: o.cancel.done })).toBeVisible();
      await expect(page.getByTestId("order-status")).toHaveText(o.done.status.cancelled);
      await expect(page.getByTestId("line-cancelled")).toBeVisible();
      await expect(page.getByRole("link", { name: o.reschedule.change })).toHaveCount(0);
      await snap(page, test.info(), `cancel-done-${locale}`);

      // The other tab still offers it: its cancel answers the same cancellation, nothing more.
      await second.getByRole("button", { name: o.cancel.action }).click();
      await second.getByRole("button", { name: o.cancel.confirm }).click();
      await expect(second.getByTestId("order-status")).toHaveText(o.done.status.cancelled);
      await expect(second.getByTestId("line-cancelled")).toHaveCount(1);
      await second.close();

      // Another shopper's booking; meanwhile the store takes cancellations only up to 30 days ahead.
      const other = await browser.newContext();
      const late = await other.newPage();
      const kept = await fillBasket(late, locale, prefix, { kind: "massage", day: 22 + i });
      await checkoutTo(late, locale, checkout[locale].methods.cash.payLater);
      await late.getByRole("button", { name: o.cash.submit.payLater }).click();
      await late.waitForURL(/\/checkout\/done\//);
      await setSpaSettings({ cancelWindowHours: "720" });
      await late.getByRole("button", { name: o.cancel.action }).click();
      await late.getByRole("button", { name: o.cancel.confirm }).click();
      await expect(late.getByText(errors[locale].SP_CancellationWindowPassed)).toBeVisible();
      await snap(late, test.info(), `cancel-too-late-${locale}`);
      await late.reload();
      await expect(late.getByTestId("line-cancelled")).toHaveCount(0);
      await expect(late.getByText(formatTime(kept.cartItems[0].reservationDateFrom!, locale)).first()).toBeVisible();
      await expect(late.getByRole("button", { name: o.cancel.action })).toHaveCount(0);
      await other.close();
      await setSpaSettings({ cancelWindowHours: "24" });
      expect(cart.cartItems).toHaveLength(1);
    });
  }
});

test.describe("an English-only store", () => {
  test.afterAll(() => setSpaSettings({ frontendLanguages: "ar,en" }));

  test("its Arabic addresses open the English pages, and no switch offers Arabic", async ({ page }) => {
    const ar = readMessages<{ language: { switchLabel: string } }>("ar", "common").language;
    const en = readMessages<{ language: { switchLabel: string } }>("en", "common").language;
    await setSpaSettings({ frontendLanguages: "en" });
    // The store's pages follow a settings change within a second (the page cache's version check).
    await expect(async () => {
      await page.goto(spaUrl("/ar/products"));
      await expect(page).toHaveURL(spaUrl("/en/products"), { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: en.switchLabel })).toHaveCount(0);
    await page.goto(spaUrl("/"));
    await expect(page).toHaveURL(spaUrl("/en"));
    await expect(page.getByRole("link", { name: ar.switchLabel })).toHaveCount(0);
    await expect(page.getByRole("link", { name: en.switchLabel })).toHaveCount(0);
    await snap(page, test.info(), "english-only-store");
    await setSpaSettings({ frontendLanguages: "ar,en" });
  });
});

test.describe("a store writing prices in letters", () => {
  test.afterAll(() => setSpaSettings({ currencyDisplay: null }));

  for (const { locale, prefix } of LOCALES) {
    test(`letters instead of the riyal sign (${locale}), in server and client parts alike; the sign named for screen readers`, async ({
      page,
    }) => {
      const name = NAMES[locale].massage;
      // The sign (default): named "ريال سعودي" / "Saudi riyal" where it stands as a price.
      await openProduct(page, prefix, name);
      await expect(page.getByRole("img", { name: SAR_NAME[locale] }).first()).toBeAttached();
      // A price choice is read with the currency's name: "Swedish massage, Saudi riyal 287.50".
      await expect(page.getByRole("radio", { name: new RegExp(SAR_NAME[locale]) }).first()).toBeAttached();

      await setSpaSettings({ currencyDisplay: "letters" });
      const price = formatSar(287.5, locale, "letters");
      // The product page's price (server) and the widget's total (client). The store's pages follow
      // a settings change within a second (the page cache's version check): opened again until they
      // do. The product opens client-side from the catalogue, whose document (its layout, which
      // gives the widget its currency style) may be the cached one of that second: both must show.
      await expect(async () => {
        await openProduct(page, prefix, name);
        await expect(page.getByText(price, { exact: true }).first()).toBeVisible({ timeout: 1000 });
        expect(await page.getByText(price, { exact: true }).count()).toBeGreaterThanOrEqual(2);
      }).toPass({ timeout: 15_000 });
      await expect(page.getByText(RIYAL_SIGN)).toHaveCount(0);
      await pickDay(page, locale, dayAhead(25));
      await page
        .getByRole("group", { name: messages[locale].product.widget.time })
        .locator("input[type=radio]:not([disabled])")
        .first()
        .check();
      await addButton(page, locale).click();
      await expect(cartDialog(page, locale).getByText(price).first()).toBeVisible();
      await expect(cartDialog(page, locale).getByText(RIYAL_SIGN)).toHaveCount(0);
      await snap(page, test.info(), `prices-in-letters-${locale}`);
      await setSpaSettings({ currencyDisplay: null });
    });
  }
});

test.describe("specialists as cards with the branches hidden, and a specialist taken meanwhile", () => {
  test.afterAll(() => setSpaSettings({ providersViewType: null, hideBranches: null }));
  const REEM = { ar: "ريم العتيبي", en: "Reem Al-Otaibi" } as const;

  for (const [i, { locale, prefix }] of LOCALES.entries()) {
    test(`cards with photos, no branch choice (${locale}); the chosen specialist taken before the add: said in the shopper's language, the times read again, booked with "any"`, async ({
      page,
    }) => {
      const w = messages[locale].product.widget;
      await setSpaSettings({ providersViewType: "cards", hideBranches: "True" });
      const people = page.getByRole("group", { name: w.staff.specialist });
      // The store's pages follow a settings change within a second (the page cache asks for the
      // content version at most once a second): opened again until they do.
      await expect(async () => {
        await openProduct(page, prefix, NAMES[locale].massage);
        // "Any" first and chosen; the three who give the Swedish massage, each with a photo.
        await expect(people.getByRole("radio")).toHaveCount(4, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(people.getByRole("radio").first()).toBeChecked();
      await expect(people.locator("img")).toHaveCount(3);
      await expect(page.getByRole("group", { name: w.staff.branch })).toHaveCount(0);
      await people.getByRole("radio", { name: new RegExp(REEM[locale]) }).check();
      const day = dayAhead(30 + i);
      await pickDay(page, locale, day);
      const times = page.getByRole("group", { name: w.time });
      await times.locator("input[type=radio]:not([disabled])").first().check();
      await snap(page, test.info(), `specialist-cards-${locale}`);

      // Meanwhile the store takes Reem off that day.
      const product = await productOnPage(page);
      const before = product.staff!.specialists.find((s) => s.photo === DEMO_IMAGES.specialistReem)!.daysOff;
      await setSpecialistDaysOff("Reem Al-Otaibi", [...before, day]);
      try {
        await addButton(page, locale).click();
        await expect(page.getByText(errorTexts[locale].SP_ProviderIsNotAvailable)).toBeVisible();
        // Her times that day are read again: none is left to choose, and nothing was added.
        await expect(times.locator("input[type=radio]:not([disabled])")).toHaveCount(0);
        await snap(page, test.info(), `specialist-taken-${locale}`);
        expect((await platformCart(page, locale))?.items ?? []).toHaveLength(0);

        await people.getByRole("radio").first().check();
        await times.locator("input[type=radio]:not([disabled])").first().check();
        await addButton(page, locale).click();
        await expect(cartDialog(page, locale).getByText(messages[locale].cart.item.anySpecialist)).toBeVisible();
      } finally {
        await setSpecialistDaysOff("Reem Al-Otaibi", before);
        await setSpaSettings({ providersViewType: null, hideBranches: null });
      }
    });
  }
});

test.describe("a store hiding durations", () => {
  test.afterAll(() => setSpaSettings({ hideDuration: null }));

  for (const [i, { locale, prefix }] of LOCALES.entries()) {
    test(`no length anywhere (${locale}): not among the product's facts, not as a time range in the cart`, async ({
      page,
    }) => {
      const facts = messages[locale].product.facts;
      const sixty = facts.minutes.replace("{n}", locale === "ar" ? "٦٠" : "60");
      await openProduct(page, prefix, NAMES[locale].massage);
      await expect(page.getByText(sixty)).toBeVisible();
      const productUrl = page.url();
      await setSpaSettings({ hideDuration: "True" });
      try {
        // The store's pages follow a settings change within a second (the page cache asks for the
        // content version at most once a second): loaded again until they do.
        await expect(async () => {
          await page.goto(productUrl);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expect(page.getByText(sixty)).toHaveCount(0, { timeout: 500 });
        }).toPass({ timeout: 15_000 });
        await pickDay(page, locale, dayAhead(27 + i));
        await page
          .getByRole("group", { name: messages[locale].product.widget.time })
          .locator("input[type=radio]:not([disabled])")
          .first()
          .check();
        await addButton(page, locale).click();
        const sheet = cartDialog(page, locale);
        const time = sheet
          .locator("dt", { hasText: messages[locale].cart.item.detail.time })
          .locator("xpath=following-sibling::dd[1]");
        await expect(time).toBeVisible();
        expect(await time.innerText()).not.toMatch(/[–-]/);
        await snap(page, test.info(), `hide-duration-${locale}`);
      } finally {
        await setSpaSettings({ hideDuration: null });
      }
    });
  }
});

test.describe("Apple Wallet passes", () => {
  test.afterAll(async () => {
    await setWalletCertificate(null);
    await setSpaSettings({ walletPassesEnabled: null });
  });

  for (const [i, { locale, prefix }] of LOCALES.entries()) {
    test(`a paid booking's "Add to Apple Wallet" (${locale}): none without the store's certificate; with it, a signed pass of the booking`, async ({
      page,
    }) => {
      const certs = testPassCertificates();
      const add = page.getByRole("link", { name: order[locale].wallet.add });
      await setSpaSettings({ walletPassesEnabled: "True" });
      await setWalletCertificate(null);
      // Paid with Apple Pay (this file's card provider is MyFatoorah; Apple Pay is paid at once).
      await fakeApplePay(page, "approve");
      const cart = await fillBasket(page, locale, prefix, { kind: "massage", day: 33 + i });
      await checkoutTo(page, locale, checkout[locale].methods.applePay);
      await page.getByRole("button", { name: locale === "ar" ? "الدفع عبر Apple Pay" : "Pay with Apple Pay" }).click();
      await expectPaidOrder(page, locale, "applePay");
      // The setting alone: no certificate, no button.
      await expect(page.getByRole("link", { name: order[locale].reschedule.change })).toBeVisible();
      await expect(add).toHaveCount(0);

      await setWalletCertificate({
        passTypeIdentifier: "pass.test.rimal",
        teamIdentifier: "ABCDE12345",
        signerCert: certs.signerCert,
        signerKey: certs.signerKey,
        wwdr: certs.wwdr,
      });
      await page.reload();
      await expect(add).toBeVisible();
      await snap(page, test.info(), `wallet-pass-button-${locale}`);
      const [download] = await Promise.all([page.waitForEvent("download"), add.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pkpass$/);
      const files = readZip(await readFile((await download.path())!));
      const pass = JSON.parse(files.get("pass.json")!.toString());
      expect(pass.serialNumber).toBe(`${cart.id}:${cart.cartItems[0].id}`);
      expect(pass.barcodes[0].message).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect(files.has("signature")).toBe(true);
    });
  }
});
