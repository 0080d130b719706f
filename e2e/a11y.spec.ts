import { expect, test, type Page } from "./test";
import { forProject, LOCATION_BUTTON, messagesByLocale, otherForProject } from "./support";
import { addAndCheck, cartDialog, closeCart, dayAhead, messages, pickDay, type Locale } from "./cart-support";
import { account, freshMobile, latestCode } from "./account-support";
import { checkout, fillSpaDetails, order, signInInSheet } from "./checkout-support";
import { fakeApplePay, NAMES } from "./payments-support";
import { expectNoFindings, scan, type Finding } from "./a11y-support";

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on every kind of page and sheet a shopper meets: no serious or
 * critical violation (QUALITY.md). The phone runs in Arabic at 390 px, the desktop in English at
 * 1280 px. An open sheet is scanned on its own; the page under it has its own scan.
 */

const PRODUCTS = {
  ar: {
    reservation: NAMES.ar.massage,
    subscription: NAMES.ar.membership,
    merchandise: "أملاح استحمام بالورد",
    gift: "بطاقة هدية",
  },
  en: {
    reservation: NAMES.en.massage,
    subscription: NAMES.en.membership,
    merchandise: "Rose bath salts",
    gift: "Gift card",
  },
} as const;

const LOCATIONS_TITLE = { ar: "مواقعك", en: "Your locations" } as const;
const locationsButton = (page: Page, locale: Locale) =>
  page.getByRole("button", { name: LOCATION_BUTTON[locale] }).first();

/** The catalogue's link to a product, by its visible name. */
const productHref = async (page: Page, name: string) =>
  (await page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name, exact: true }) })
    .first()
    .getAttribute("href"))!;

test("home, catalogue, a product of each kind, the payment-error page; the sign-in and locations sheets", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const { locale, prefix } = forProject(info.project.name);
  const w = messages[locale].product.widget;
  const findings: Finding[] = [];
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: 24.710845, longitude: 46.673693 });

  await page.goto(`${prefix}/`);
  await scan(page, "home", findings);
  await locationsButton(page, locale).click();
  await scan(
    page,
    "locations sheet (signed out)",
    findings,
    page.getByRole("dialog", { name: LOCATIONS_TITLE[locale] }),
  );
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: account[locale].menu.signIn }).first().click();
  await scan(page, "sign-in sheet", findings, page.getByRole("dialog", { name: account[locale].signIn.title }));
  await page.keyboard.press("Escape");

  await page.goto(`${prefix}/products`);
  await scan(page, "products", findings);
  const names = PRODUCTS[locale];
  const hrefs = Object.fromEntries(
    await Promise.all(
      Object.entries(names).map(async ([kind, name]) => [kind, await productHref(page, name)] as const),
    ),
  );

  // A reservation with its day and slot chosen; a subscription with its start day.
  await page.goto(hrefs.reservation);
  await pickDay(page, locale, dayAhead(1));
  await page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first().check();
  await scan(page, "product: reservation (day and slot chosen)", findings);
  await page.goto(hrefs.subscription);
  await pickDay(page, locale, dayAhead(1));
  await scan(page, "product: subscription", findings);
  await page.goto(hrefs.merchandise);
  await scan(page, "product: merchandise", findings);
  // The gift card's form with its "required" message showing.
  await page.goto(hrefs.gift);
  await page.getByRole("button", { name: w.addToCart }).click();
  await expect(page.getByLabel(w.toName)).toBeFocused();
  await scan(page, "product: gift card (name missing)", findings);

  await page.goto(`${prefix}/checkout/payment-error`);
  await scan(page, "payment-error page", findings);
  expectNoFindings(findings);
});

test("the checkout sheet at every step and every payment view, the done page, the profile pages", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const o = order[locale];
  const w = messages[locale].product.widget;
  const t = account[locale].signIn;
  const day = dayAhead(info.project.name === "phone" ? 22 : 23);
  const findings: Finding[] = [];
  await fakeApplePay(page, "approve");
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: 24.710845, longitude: 46.673693 });

  // A booking and a subscription, so that both profile lists have something in them afterwards.
  await page.goto(`${prefix}/products`);
  const massage = await productHref(page, NAMES[locale].massage);
  const membership = await productHref(page, NAMES[locale].membership);
  await page.goto(massage);
  await pickDay(page, locale, day);
  await page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first().check();
  await addAndCheck(page, locale);
  await closeCart(page, locale);
  await page.goto(membership);
  await pickDay(page, locale, day);
  await addAndCheck(page, locale);
  const sheet = cartDialog(page, locale);
  await scan(page, "cart sheet: summary", findings, sheet);

  // Sign-in inside the sheet: the number, then the code.
  await page.getByRole("button", { name: c.summary.continue }).click();
  const national = freshMobile();
  await page.getByLabel(t.mobileLabel).fill(national);
  await scan(page, "checkout: sign-in (number)", findings, sheet);
  await page.getByRole("button", { name: t.sendCode }).click();
  const codeBox = page.getByRole("textbox", { name: t.codeLabel });
  await expect(codeBox).toBeVisible();
  await scan(page, "checkout: sign-in (code)", findings, sheet);
  await codeBox.fill(await latestCode(page, `+966${national}`));
  await expect(codeBox).toBeHidden();

  // Details with the store's custom field, first with the terms error showing.
  await expect(page.getByLabel(c.customer.name)).toBeVisible();
  await fillSpaDetails(page, locale, NAMES[locale].shopper);
  await page.getByRole("button", { name: c.customer.continue }).click();
  await expect(page.getByText(c.termsAndConditionsError)).toBeVisible();
  await scan(page, "checkout: details (terms error)", findings, sheet);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: c.customer.continue }).click();
  await expect(page.getByRole("radio", { name: c.methods.card })).toBeVisible();
  await scan(page, "checkout: payment methods", findings, sheet);

  // Each payment view, then back to the methods.
  const views: [string, string, () => Promise<void>][] = [
    [
      "card",
      c.methods.card,
      () =>
        expect(page.getByRole("textbox", { name: locale === "ar" ? /^رقم البطاقة/ : /^Card number/ })).toBeVisible(),
    ],
    [
      "Apple Pay",
      c.methods.applePay,
      () =>
        expect(
          page.getByRole("button", { name: locale === "ar" ? "الدفع عبر Apple Pay" : "Pay with Apple Pay" }),
        ).toBeEnabled(),
    ],
    [
      "Tabby",
      c.methods.tabby,
      () =>
        expect(
          page.getByRole("button", { name: locale === "ar" ? "المتابعة إلى تابي" : "Continue to Tabby" }),
        ).toBeEnabled(),
    ],
    [
      "Tamara",
      c.methods.tamara,
      () =>
        expect(
          page.getByRole("button", { name: locale === "ar" ? "المتابعة إلى تمارا" : "Continue to Tamara" }),
        ).toBeEnabled(),
    ],
    [
      "bank transfer",
      c.methods.bankTransfer,
      () =>
        expect(
          page.getByRole("button", { name: o.bankTransfer.copyIban.replace("{bank}", o.bankTransfer.banks.alrajhi) }),
        ).toBeVisible(),
    ],
  ];
  for (const [name, label, ready] of views) {
    await page.getByRole("radio", { name: label }).check();
    await page.getByRole("button", { name: c.methods.continue }).click();
    await ready();
    await scan(page, `checkout: payment (${name})`, findings, sheet);
    await page.getByRole("button", { name: o.payment.back, exact: true }).click();
    await expect(page.getByRole("radio", { name: label })).toBeVisible();
  }

  // Cash places the order: the done page.
  await page.getByRole("radio", { name: c.methods.cash.cashOnDelivery }).check();
  await page.getByRole("button", { name: c.methods.continue }).click();
  const place = page.getByRole("button", { name: o.cash.submit.cashOnDelivery });
  await expect(place).toBeVisible();
  await scan(page, "checkout: payment (cash)", findings, sheet);
  await place.click();
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByText(o.done.status.payOnSite, { exact: true }).first()).toBeVisible();
  await scan(page, "done page", findings);
  // A toast over the page (the order's link copied, or the copy refused) is as readable as the page.
  await page.getByRole("button", { name: messagesByLocale<{ copyLink: string }>("text")[locale].copyLink }).click();
  await expect(page.locator("[data-sonner-toast][data-type]").first()).toBeVisible();
  await scan(page, "done page with a toast", findings);

  // The customer's pages and sheets.
  for (const [path, ready] of [
    ["orders", o.done.status.payOnSite],
    ["reservations", NAMES[locale].massage],
    ["subscriptions", NAMES[locale].membership],
    ["account-settings", account[locale].settings.save],
  ] as const) {
    await page.goto(`${prefix}/profile/${path}`);
    await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    await scan(page, `profile: ${path}`, findings);
  }
  await page.getByRole("button", { name: account[locale].menu.open }).click();
  // A sheet on phones, a panel under the button on wider screens.
  await scan(page, "account menu", findings, page.getByRole("navigation", { name: account[locale].menu.title }));
  await page.keyboard.press("Escape");
  await locationsButton(page, locale).click();
  const locations = page.getByRole("dialog", { name: LOCATIONS_TITLE[locale] });
  await scan(page, "locations sheet (signed in)", findings, locations);
  // The add form replaces the list: its heading takes the focus, and Cancel gives it back to the add button.
  const addLocation = locations.getByRole("button", { name: locale === "ar" ? "إضافة موقع" : "Add location" });
  await addLocation.click();
  await expect(locations.getByRole("heading", { name: locale === "ar" ? "موقع جديد" : "New location" })).toBeFocused();
  await scan(page, "locations sheet: add a location", findings, locations);
  await locations.getByRole("button", { name: locale === "ar" ? "إلغاء" : "Cancel" }).click();
  await expect(addLocation).toBeFocused();
  expectNoFindings(findings);
});

test("the header at desktop width and the sheet's steps in the project's other language", async ({ page }, info) => {
  test.setTimeout(90_000);
  const { locale, prefix } = otherForProject(info.project.name);
  const c = checkout[locale];
  const findings: Finding[] = [];
  const width = page.viewportSize()!.width;

  // The header at desktop width: its buttons show their words there (a phone shows icons).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${prefix}/`);
  await scan(page, "header (desktop width)", findings, page.locator("[data-site-header]"));
  await page.setViewportSize({ width, height: 844 });

  await page.goto(`${prefix}/products`);
  await page.goto(await productHref(page, NAMES[locale].membership));
  await pickDay(page, locale, dayAhead(info.project.name === "phone" ? 24 : 25));
  await addAndCheck(page, locale);
  const sheet = cartDialog(page, locale);
  await scan(page, "cart sheet: summary", findings, sheet);
  await page.getByRole("button", { name: c.summary.continue }).click();
  await expect(page.getByLabel(account[locale].signIn.mobileLabel)).toBeVisible();
  await scan(page, "checkout: sign-in", findings, sheet);
  await signInInSheet(page, locale);
  await expect(page.getByLabel(c.customer.name)).toBeVisible();
  await scan(page, "checkout: details", findings, sheet);
  await fillSpaDetails(page, locale, NAMES[locale].shopper);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: c.customer.continue }).click();
  await expect(page.getByRole("radio", { name: c.methods.card })).toBeVisible();
  await scan(page, "checkout: payment methods", findings, sheet);
  expectNoFindings(findings);
});

// The harness itself: a page with known faults must be reported, or a green run would mean nothing.
test("the scan reports serious and critical violations, inside a sheet too", async ({ page }) => {
  await page.setContent(`<html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1><img src="data:image/png;base64,iVBORw0KGgo="><p style="color:#bbb;background:#fff">Pale text</p>
    <h3>Skipped a level</h3><button aria-label="Go to the top">Back</button>
    <div role="dialog" aria-label="Sheet"><button></button></div></main></body></html>`);
  const findings: Finding[] = [];
  await scan(page, "page", findings);
  expect(findings.map((f) => f.rule).sort()).toEqual([
    "button-name",
    "color-contrast",
    "heading-order",
    "image-alt",
    "label-content-name-mismatch",
  ]);
  findings.length = 0;
  await scan(page, "sheet", findings, page.getByRole("dialog"));
  expect(findings).toMatchObject([
    { where: "sheet", rule: "button-name", impact: "critical", targets: ["div > button"] },
  ]);
});
