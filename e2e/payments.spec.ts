import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { forProject, keepPdf, messagesByLocale, otherForProject, snap } from "./support";
import { validation } from "./account-support";
import { cartDialog, messages, openProduct as openProductPage, type Locale } from "./cart-support";
import { checkout, chooseMethod, order } from "./checkout-support";
import { expectNoFindings, scan, type Finding } from "./a11y-support";
import {
  afterRefusedPay,
  applePayLog,
  cancelPaidBooking,
  cardField,
  CARDS,
  checkoutTo,
  checkoutToMethods,
  errorTexts,
  expectCardOnlyAtProvider,
  expectCartFinished,
  expectInProfile,
  expectPaidOrder,
  fakeApplePay,
  fillBasket,
  fillCard,
  payButton,
  pdfPageSize,
  readInvoiceQr,
  recordRequests,
  setApplePayMode,
} from "./payments-support";

/**
 * Online payments through the local provider sandboxes (Moyasar card and Apple Pay, Tabby,
 * Tamara). Each journey runs once per project: the phone in one language and the desktop in the
 * other, so every journey is seen in Arabic and in English. Days ahead differ per journey and
 * project, so that no two journeys want the same massage seat.
 */
const checkoutMessages = messagesByLocale<typeof import("@/messages/en/checkout.json")>("checkout");

const dayFor = (name: string, base: number) => base + (name === "phone" ? 0 : 1);

test("card: paid after 3-D Secure; the card number goes to the provider only; the order shows once", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const requests = recordRequests(page);
  const basket = { kind: "membership", day: dayFor(info.project.name, 4) } as const;
  await fillBasket(page, locale, prefix, basket);
  await checkoutTo(page, locale, c.methods.card);
  await fillCard(page, locale, CARDS.visa3ds);
  await snap(page, info, `payments-card-form-${locale}`);
  await payButton(page, locale).click();

  // The sandbox's 3-D Secure page, then back to the done page.
  await page.waitForURL(/\/sandbox\/moyasar\//);
  await snap(page, info, `payments-card-3ds-${locale}`);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectPaidOrder(page, locale, "card");
  await snap(page, info, `payments-card-done-${locale}`);
  expectCardOnlyAtProvider(requests, CARDS.visa3ds, /^\/sandbox\/moyasar\/v1\/tokens$/);

  // A reload settles nothing twice and still shows the one order.
  await page.reload();
  await expectPaidOrder(page, locale, "card");

  // Paid online: the simplified tax invoice, its QR code read from the screen back to ZATCA's five
  // fields, printed on A4 and on an 80 mm receipt roll.
  const inv = order[locale].invoice;
  await page.getByRole("link", { name: inv.open }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/invoice$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(order.ar.invoice.title);
  await expect(page.getByTestId("invoice-number")).toHaveText(/^INV-\d{6}$/);
  await snap(page, info, `payments-card-invoice-${locale}`);
  const findings: Finding[] = [];
  await scan(page, "tax invoice", findings);
  expectNoFindings(findings);
  const qr = await readInvoiceQr(page);
  expect(qr).toMatchObject({
    sellerName: "شركة رمال للعافية",
    vatNumber: "310123456700003",
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
  });
  expect(Number(qr.vatTotal)).toBeCloseTo((Number(qr.totalWithVat) * 15) / 115, 1);
  const a4Pdf = await page.pdf({ preferCSSPageSize: true });
  keepPdf(info, `payments-card-invoice-a4-${locale}`, a4Pdf);
  const a4 = pdfPageSize(a4Pdf);
  expect([Math.round(a4.width), Math.round(a4.height)], "A4 in points").toEqual([595, 842]);
  await page.evaluate(() => (document.documentElement.dataset.print = "receipt"));
  const rollPdf = await page.pdf({ preferCSSPageSize: true });
  keepPdf(info, `payments-card-invoice-80mm-${locale}`, rollPdf);
  const roll = pdfPageSize(rollPdf);
  expect(Math.round(roll.width), "80 mm in points").toBe(227);
  await page.evaluate(() => delete document.documentElement.dataset.print);
  // The PDF made on the server: A4, the invoice's own number, the Arabic font embedded.
  const invoiceNumber = (await page.getByTestId("invoice-number").textContent())!;
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: inv.downloadPdf }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const filePdf = await readFile((await download.path())!);
  keepPdf(info, `payments-card-invoice-file-${locale}`, filePdf);
  const file = pdfPageSize(filePdf);
  expect([Math.round(file.width), Math.round(file.height)], "A4 in points").toEqual([595, 842]);
  expect(filePdf.toString("latin1")).toContain(`(${invoiceNumber})`);
  expect(filePdf.toString("latin1")).toContain("NotoNaskhArabic");
  // Tapped twice at once: two whole copies of the same invoice, the fonts shared by both drawings.
  const pdfHref = (await page.getByRole("link", { name: inv.downloadPdf }).getAttribute("href"))!;
  const twice = await page.evaluate(
    async (href) =>
      Promise.all(
        [1, 2].map(async () => {
          const r = await fetch(href);
          const text = new TextDecoder("latin1").decode(await r.arrayBuffer());
          return {
            status: r.status,
            type: r.headers.get("content-type"),
            length: text.length,
            pdf: text.startsWith("%PDF-"),
            numbered: text.includes(document.querySelector("[data-testid=invoice-number]")!.textContent!),
          };
        }),
      ),
    pdfHref,
  );
  expect(twice).toEqual(
    [0, 1].map(() => ({ status: 200, type: "application/pdf", length: filePdf.length, pdf: true, numbered: true })),
  );
  // Through an edited link key: not found.
  const pdfPath = new URL(page.url()).pathname.replace(/^\/(en\/)?orders\//, "/api/orders/");
  expect(await page.evaluate(async (p) => (await fetch(`${p}?key=${"x".repeat(32)}`)).status, pdfPath)).toBe(404);
  await page.getByRole("link", { name: inv.backToOrder }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);

  await expectCartFinished(page, locale);
  await expectInProfile(page, locale, prefix, basket);
});

test("card: declined and out of funds are explained and the form stays; 3-D Secure failure can be retried", async ({
  page,
}, info) => {
  const { locale, prefix } = otherForProject(info.project.name);
  const c = checkout[locale];
  const reasons = order[locale].paymentError.reasons;
  await fillBasket(page, locale, prefix, { kind: "membership", day: dayFor(info.project.name, 6) });
  await checkoutTo(page, locale, c.methods.card);

  // Moyasar's own form rules, inline and translated, before anything leaves the browser: an
  // American Express takes a 4-digit code; the name is in English letters (hyphens allowed).
  await fillCard(page, locale, "378282246310005");
  await cardField(page, locale, "name").fill("ريم العتيبي");
  await payButton(page, locale).click();
  await expect(page.getByText(validation[locale].cvc)).toBeVisible();
  await expect(page.getByText(checkoutMessages[locale].card.name)).toBeVisible();
  await snap(page, info, `payments-card-rules-${locale}`);
  await afterRefusedPay(page, cardField(page, locale, "name"));
  await cardField(page, locale, "cvc").fill("1234");
  await cardField(page, locale, "name").fill("Reem Al-Otaibi");
  await expect(page.getByText(validation[locale].cvc)).toHaveCount(0);
  await expect(page.getByText(checkoutMessages[locale].card.name)).toHaveCount(0);

  await fillCard(page, locale, CARDS.declined);
  await payButton(page, locale).click();
  await expect(page.getByText(reasons.declined)).toBeVisible();
  await snap(page, info, `payments-card-declined-${locale}`);
  // Nothing lost: the form is still filled in, another card can be tried at once.
  await expect(cardField(page, locale, "name")).toHaveValue("Reem Alotaibi");
  await cardField(page, locale, "number").fill(CARDS.insufficientFunds);
  await payButton(page, locale).click();
  await expect(page.getByText(reasons.insufficientFunds)).toBeVisible();

  await cardField(page, locale, "number").fill(CARDS.mada3ds);
  await cardField(page, locale, "cvc").fill("123");
  await payButton(page, locale).click();
  await page.waitForURL(/\/sandbox\/moyasar\//);
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByText(reasons.threeDSecureFailed)).toBeVisible();
  await snap(page, info, `payments-card-3ds-failed-${locale}`);

  // Try again: back at the payment step with the same cart, details and method (the card's own
  // fields are the provider's and start empty), and this time it goes through.
  await page.getByRole("button", { name: locale === "ar" ? "حاول مرة أخرى" : "Try again" }).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await expect(payButton(page, locale)).toBeVisible();
  await expect(page).toHaveURL(/#cart\/payment$/);
  await fillCard(page, locale, CARDS.visa3ds);
  await payButton(page, locale).click();
  await page.waitForURL(/\/sandbox\/moyasar\//);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectPaidOrder(page, locale, "card");
});

test("Apple Pay: a refused token aborts the sheet; an approved one completes the order", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const basket = { kind: "massage", day: dayFor(info.project.name, 8) } as const;
  await fakeApplePay(page, "decline");
  const cart = await fillBasket(page, locale, prefix, basket);
  await checkoutTo(page, locale, c.methods.applePay);
  await snap(page, info, `payments-applepay-${locale}`);
  await page.getByRole("button", { name: locale === "ar" ? "الدفع عبر Apple Pay" : "Pay with Apple Pay" }).click();
  await expect.poll(async () => (await applePayLog(page)).aborted).toBe(true);
  const log = await applePayLog(page);
  expect(log.version).toBe(6);
  expect(log.request).toMatchObject({
    countryCode: "SA",
    currencyCode: "SAR",
    supportedNetworks: ["mada", "visa", "masterCard"],
    merchantCapabilities: ["supports3DS"],
  });
  expect(log.validated, "merchant validation went through the provider").toBeTruthy();
  await expect(page.getByText(order[locale].paymentError.reasons.declined)).toBeVisible();

  // The same sheet, now an approving wallet: paid at once, no 3-D Secure.
  await setApplePayMode(page, "approve");
  await page.getByRole("button", { name: locale === "ar" ? "الدفع عبر Apple Pay" : "Pay with Apple Pay" }).click();
  await page.waitForURL(/\/checkout\/done\/.*status=paid/);
  expect((await applePayLog(page)).completed, "completePayment(STATUS_SUCCESS)").toBe(0);
  await expectPaidOrder(page, locale, "applePay");
  await snap(page, info, `payments-applepay-done-${locale}`);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await expectInProfile(page, locale, prefix, basket);

  // Cancelled a day and more before it starts: the Apple Pay payment refunded once.
  await cancelPaidBooking(page, locale, prefix, orderId, cart.totalAmount, `payments-applepay-cancelled-${locale}`);
});

const continueTo = (page: Page, locale: Locale, provider: "tabby" | "tamara") =>
  page.getByRole("button", {
    name:
      locale === "ar"
        ? provider === "tabby"
          ? "المتابعة إلى تابي"
          : "المتابعة إلى تمارا"
        : provider === "tabby"
          ? "Continue to Tabby"
          : "Continue to Tamara",
  });

test("Tabby: an eligible shopper approves on Tabby's page and the order is paid", async ({ page }, info) => {
  const { locale, prefix } = otherForProject(info.project.name);
  const basket = { kind: "membership", day: dayFor(info.project.name, 10) } as const;
  await fillBasket(page, locale, prefix, basket);
  await checkoutTo(page, locale, checkout[locale].methods.tabby);
  await expect(continueTo(page, locale, "tabby")).toBeEnabled();
  await snap(page, info, `payments-tabby-${locale}`);
  await continueTo(page, locale, "tabby").click();
  await page.waitForURL(/\/sandbox\/tabby\//);
  await snap(page, info, `payments-tabby-hpp-${locale}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expectPaidOrder(page, locale, "tabby");
  await snap(page, info, `payments-tabby-done-${locale}`);
  await expectInProfile(page, locale, prefix, basket);
});

test("Tabby: an ineligible shopper sees Tabby's answer in red on its method, before picking it, and can't pick it", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  await fillBasket(page, locale, prefix, { kind: "membership", day: dayFor(info.project.name, 12) });
  // Tabby's sandbox rejects +966500000002 at the eligibility check.
  await checkoutToMethods(page, locale, "500000002");
  const tabby = page.getByRole("radio", { name: c.methods.tabby });
  await expect(tabby).toBeDisabled();
  const refusal = page.locator("#payment-method-TABBY-note");
  await expect(refusal).toHaveText(locale === "ar" ? /تابي/ : /Tabby/);
  await expect(tabby).toHaveAccessibleDescription(await refusal.innerText());
  // Read until settled: the note is re-rendered as the sheet's step settles (mid-way it may still be grey).
  const redness = async () => {
    const [r, g] = (await refusal.evaluate((el) => getComputedStyle(el).color)).match(/\d+(\.\d+)?/g)!.map(Number);
    return r > g * 1.5;
  };
  await expect.poll(redness, { message: "the refusal is shown in red" }).toBe(true);
  // Still the first usable method chosen, and another way to pay goes on.
  await expect(page.getByRole("radio", { name: c.methods.card })).toBeChecked();
  await snap(page, info, `payments-tabby-ineligible-${locale}`);
  await chooseMethod(page, locale, c.methods.tamara);
  await expect(continueTo(page, locale, "tamara")).toBeEnabled();
});

test("Tabby: when the eligibility check itself fails, its card and its step say so in the spec's words; asking again works", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const failed = errorTexts[locale].TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR;
  await fillBasket(page, locale, prefix, { kind: "membership", day: dayFor(info.project.name, 13) });
  let down = true;
  await page.route("**/api/checkout/pay/tabby/eligibility", (route) =>
    down
      ? route.fulfill({ status: 503, json: { error: { code: "SP:ServiceUnavailable", message: "down" } } })
      : route.fallback(),
  );
  await checkoutToMethods(page, locale);
  await expect(page.locator("#payment-method-TABBY-note")).toHaveText(failed);
  await chooseMethod(page, locale, c.methods.tabby);
  await expect(page.getByRole("alert").filter({ hasText: failed })).toBeVisible();
  await expect(continueTo(page, locale, "tabby")).toBeDisabled();
  await snap(page, info, `payments-tabby-check-failed-${locale}`);
  down = false;
  await page.getByRole("button", { name: order[locale].payLater.retry }).click();
  await expect(continueTo(page, locale, "tabby")).toBeEnabled();
});

test("Tabby: cancelling on Tabby's page comes back to the order with a way to pay otherwise", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const d = order[locale].done;
  await fillBasket(page, locale, prefix, { kind: "membership", day: dayFor(info.project.name, 14) });
  await checkoutTo(page, locale, checkout[locale].methods.tabby);
  await continueTo(page, locale, "tabby").click();
  await page.waitForURL(/\/sandbox\/tabby\//);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/payment_method=tabby&status=cancel/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    d.payLaterReturned.cancel.replace("{provider}", d.provider.tabby),
  );
  await snap(page, info, `payments-tabby-cancel-${locale}`);
  await page.getByRole("button", { name: d.payLaterReturned.backToCheckout }).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  // At the payment step with Tabby kept; Back offers the other ways to pay.
  await expect(continueTo(page, locale, "tabby")).toBeEnabled();
  await page.getByRole("button", { name: checkout[locale].methods.back }).click();
  await expect(page.getByRole("radio", { name: new RegExp(checkout[locale].methods.tabby) })).toBeChecked();
});

test("Tamara: a declined payment comes back with the reason; paying again with Tamara completes the order", async ({
  page,
}, info) => {
  const { locale, prefix } = otherForProject(info.project.name);
  const d = order[locale].done;
  const basket = { kind: "massage", day: dayFor(info.project.name, 16) } as const;
  const cart = await fillBasket(page, locale, prefix, basket);
  await checkoutTo(page, locale, checkout[locale].methods.tamara);
  await continueTo(page, locale, "tamara").click();
  await page.waitForURL(/\/sandbox\/tamara\//);
  await snap(page, info, `payments-tamara-hpp-${locale}`);
  await page.getByRole("button", { name: "Decline" }).click();
  await page.waitForURL(/payment_method=tamara&status=failure/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    d.payLaterReturned.failure.replace("{provider}", d.provider.tamara),
  );
  await snap(page, info, `payments-tamara-failure-${locale}`);

  // Back to checkout: at the payment step, Tamara still chosen, nothing to enter again.
  await page.getByRole("button", { name: d.payLaterReturned.backToCheckout }).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await continueTo(page, locale, "tamara").click();
  await page.waitForURL(/\/sandbox\/tamara\//);
  await page.getByRole("button", { name: "Approve" }).click();
  await expectPaidOrder(page, locale, "tamara");
  await snap(page, info, `payments-tamara-done-${locale}`);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await expectInProfile(page, locale, prefix, basket);

  // Cancelled: Tamara's order refunded once.
  await cancelPaidBooking(page, locale, prefix, orderId, cart.totalAmount, `payments-tamara-cancelled-${locale}`);
});

test("product page: Tabby's and Tamara's promo widgets appear, their scripts fetched only after the page has loaded", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await openProductPage(page, prefix, locale === "ar" ? "عضوية شهرية" : "Monthly membership");
  // A full page load of the product page itself (the list navigated to it inside the app).
  await page.goto(page.url());
  const tabby = page.getByText(locale === "ar" ? /٤ دفعات بدون فوائد/ : /4 interest-free payments of/);
  const tamara = page.getByText(locale === "ar" ? /قسّمها على ٤ دفعات/ : /Split in 4 payments of/);
  await expect(tabby).toBeVisible();
  await expect(tamara).toBeVisible();
  // Arabic pages read numbers in Arabic-Indic digits, the providers' widgets too.
  if (locale === "ar") for (const widget of [tabby, tamara]) expect(await widget.innerText()).not.toMatch(/[0-9]/);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e) => /tabby-card\.js|tamara-widget\.js/.test(e.name));
    return { loadEnd: nav.loadEventEnd, starts: scripts.map((s) => s.startTime) };
  });
  expect(timing.starts).toHaveLength(2);
  for (const start of timing.starts)
    expect(start, "a promo script was fetched before the page finished loading").toBeGreaterThanOrEqual(timing.loadEnd);
  await snap(page, info, `payments-promos-${locale}`);
});

test("product page: the promo widgets follow the quantity the shopper picks", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await openProductPage(page, prefix, locale === "ar" ? "أملاح استحمام بالورد" : "Rose bath salts");
  await page.goto(page.url());
  const tamara = page.getByText(locale === "ar" ? /قسّمها على ٤ دفعات بقيمة/ : /Split in 4 payments of/);
  const tabby = page.getByText(locale === "ar" ? /٤ دفعات بدون فوائد/ : /4 interest-free payments of/);
  await expect(tamara).toBeVisible();
  await expect(tabby).toBeVisible();
  // The instalment in the widget's text (its last number: "4 payments of 28.75"), whichever digits it uses.
  const quarter = async (l: typeof tamara) =>
    Number(
      (await l.innerText())
        .replace(/[٠-٩]/g, (d) => String("٠١٢٣٤٥٦٧٨٩".indexOf(d)))
        .replace("٫", ".")
        .match(/\d+(\.\d+)?/g)!
        .at(-1),
    );
  const [tamaraOne, tabbyOne] = [await quarter(tamara), await quarter(tabby)];
  await page.getByRole("button", { name: messages[locale].product.widget.increase }).click();
  await page.getByRole("button", { name: messages[locale].product.widget.increase }).click();
  await expect.poll(() => quarter(tamara)).toBeCloseTo(tamaraOne * 3, 1);
  await expect.poll(() => quarter(tabby)).toBeCloseTo(tabbyOne * 3, 1);
  await snap(page, info, `payments-promos-quantity-${locale}`);
});
