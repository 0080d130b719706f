import { expect, request, test, type Locator, type Page, type Request } from "./test";
import type { CartDto } from "@/contract/dto/cart";
import { formatSar } from "@/lib/money";
import { addAndCheck, dayAhead, messages, openProduct, pickDay, platformCart, type Locale } from "./cart-support";
import { freshMobile } from "./account-support";
import { checkout, chooseMethod, choosePickupIfAsked, fillSpaDetails, order, signInInSheet } from "./checkout-support";
import { messagesByLocale, serverPort, snap } from "./support";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { readZatcaQrPayload, type ZatcaFields } from "@/platform/invoices/zatca-qr";

type Errors = typeof import("@/messages/en/errors.json");
export const errorTexts = messagesByLocale<Errors>("errors");

export const NAMES = {
  ar: { massage: "مساج استرخاء ٦٠ دقيقة", membership: "عضوية شهرية", shopper: "ريم العتيبي" },
  en: { massage: "60-minute relaxing massage", membership: "Monthly membership", shopper: "Reem Alotaibi" },
} as const;

/** The sandboxes' test cards (platform/sandbox). */
export const CARDS = {
  visa3ds: "4111111111111111",
  mada3ds: "4201320111111010",
  declined: "4000000000000002",
  insufficientFunds: "4000000000000010",
} as const;

/** A shopper's basket: a subscription (shows under /profile/subscriptions) or a reservation (/profile/reservations). */
export type Basket = { kind: "membership" | "massage"; day: number };

/** Adds the basket's product and answers the cart as the platform priced it. */
export async function fillBasket(page: Page, locale: Locale, prefix: string, basket: Basket): Promise<CartDto> {
  const names = NAMES[locale];
  await openProduct(page, prefix, basket.kind === "membership" ? names.membership : names.massage);
  await pickDay(page, locale, dayAhead(basket.day));
  if (basket.kind === "massage") {
    const w = messages[locale].product.widget;
    await page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first().check();
  }
  return addAndCheck(page, locale);
}

/** From an open cart sheet: continue, sign in, details and terms, then the payment method chosen by its label. */
export async function checkoutTo(page: Page, locale: Locale, methodLabel: string, national = freshMobile()) {
  await checkoutToMethods(page, locale, national);
  await chooseMethod(page, locale, methodLabel);
}

/** From the cart's summary to the list of payment methods: sign in, details, terms. */
export async function checkoutToMethods(page: Page, locale: Locale, national = freshMobile()) {
  const c = checkout[locale];
  await page.getByRole("button", { name: c.summary.continue }).click();
  await signInInSheet(page, locale, national);
  await fillSpaDetails(page, locale, NAMES[locale].shopper);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: c.customer.continue }).click();
}

/** Every request the page sends, with its body, to check where card data went. */
export function recordRequests(page: Page): { url: string; body: string }[] {
  const seen: { url: string; body: string }[] = [];
  page.on("request", (req: Request) => seen.push({ url: req.url(), body: req.postData() ?? "" }));
  return seen;
}

/** Only the card provider's own endpoint may receive the card number (the sandbox stands in for Moyasar or MyFatoorah). */
export function expectCardOnlyAtProvider(
  requests: { url: string; body: string }[],
  number: string,
  providerPath: RegExp,
) {
  const carrying = requests.filter((r) => r.body.includes(number) || r.url.includes(number));
  expect(carrying.length, "the card number was sent to the provider").toBeGreaterThan(0);
  for (const r of carrying) expect(new URL(r.url).pathname, `card number sent to ${r.url}`).toMatch(providerPath);
}

/** The done page for a paid order: the platform's order number once, the method and the paid status. */
export async function expectPaidOrder(page: Page, locale: Locale, method: "card" | "applePay" | "tabby" | "tamara") {
  const d = order[locale].done;
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(d.titleConfirmed);
  await expect(page.getByText(d.orderNumber)).toHaveCount(1);
  await expect(page.getByText(d.method[method], { exact: true }).first()).toBeVisible();
  // Massage and membership have no deposit: the whole amount is paid.
  await expect(page.getByText(d.status.paid, { exact: true }).first()).toBeVisible();
  // The store's message in the shopper's language only.
  await expect(page.getByText(STORE_MESSAGE[locale])).toBeVisible();
  await expect(page.getByText(STORE_MESSAGE[locale === "ar" ? "en" : "ar"])).toHaveCount(0);
}

const STORE_MESSAGE = {
  ar: "شكراً لاختيارك ريمال. نراك قريباً!",
  en: "Thank you for choosing Rimal. See you soon!",
} as const;

/** After the order: the profile lists the product exactly once for this fresh customer. */
export async function expectInProfile(page: Page, locale: Locale, prefix: string, basket: Basket) {
  await page.goto(`${prefix}/profile/${basket.kind === "membership" ? "subscriptions" : "reservations"}`);
  const name = basket.kind === "membership" ? NAMES[locale].membership : NAMES[locale].massage;
  await expect(page.getByText(name, { exact: true })).toHaveCount(1);
}

/**
 * The paid booking cancelled from its order page (spa takes cancellations up to 24 hours before):
 * asked once more, confirmed with a double tap — one refund of what was paid, said in a toast and
 * on the line; the order then reads refunded, offers no more changes, and the booking leaves the
 * profile's reservations.
 */
export async function cancelPaidBooking(
  page: Page,
  locale: Locale,
  prefix: string,
  orderId: string,
  paid: number,
  shot: string,
) {
  const o = order[locale];
  await page.goto(`${prefix}/orders/${orderId}`);
  const amount = formatSar(paid, locale);
  await page.getByRole("button", { name: o.cancel.action }).click();
  await expect(page.getByText(o.cancel.questionRefund)).toBeVisible();
  await page.getByRole("button", { name: o.cancel.confirm }).dblclick();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: o.cancel.doneRefund.replace("{amount}", amount) }),
  ).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText(o.done.status.refunded);
  await expect(page.getByTestId("line-cancelled")).toHaveText(o.cancel.cancelled);
  await expect(page.getByText(o.cancel.refunded.replace("{amount}", amount))).toBeVisible();
  await expect(page.getByRole("button", { name: o.cancel.action })).toHaveCount(0);
  await expect(page.getByRole("link", { name: o.reschedule.change })).toHaveCount(0);
  // Reloaded: as it was left (one cancellation, one refund).
  await page.reload();
  await expect(page.getByText(o.cancel.refunded.replace("{amount}", amount))).toHaveCount(1);
  await snap(page, test.info(), shot);
  await page.goto(`${prefix}/profile/reservations`);
  await expect(page.getByText(NAMES[locale].massage, { exact: true })).toHaveCount(0);
}

/** The cart the cookie points at is gone once the order completed. */
export async function expectCartFinished(page: Page, locale: Locale) {
  expect(await platformCart(page, locale)).toBeNull();
}

/** Switches spa's settings on the journey's server (SANDBOX_OPERATOR; the route needs no tenant host). */
export async function setSpaSettings(settings: Record<string, string | null>) {
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${serverPort()}` });
  const res = await ctx.post("/sandbox/operator/settings", { data: { tenant: "spa", settings } });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
}

/** Sets (or with null removes) the spa's Apple Wallet certificate on the browser-test server, as the operator CLI does. */
export async function setWalletCertificate(certificate: Record<string, string> | null) {
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${serverPort()}` });
  const res = await ctx.post("/sandbox/operator/wallet", { data: { tenant: "spa", certificate } });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
}

/** Records a spa cash or bank-transfer order as paid on the browser-test server (the store has the money). */
export async function recordSpaPayment(orderNumber: string) {
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${serverPort()}` });
  const res = await ctx.post("/sandbox/operator/paid", { data: { tenant: "spa", orderNumber } });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
}

/** Sets a spa specialist's days off on the browser-test server (the store taking someone away). */
export async function setSpecialistDaysOff(name: string, daysOff: string[]) {
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${serverPort()}` });
  const res = await ctx.post("/sandbox/operator/specialist", { data: { tenant: "spa", name, daysOff } });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
}

/**
 * A stand-in for Safari's ApplePaySession (Chromium has none): it walks the real sequence —
 * merchant validation, then an authorised payment whose token the storefront sends for payment —
 * and records what the page did, in window.__applePay. `decline` makes the sandbox refuse the token.
 */
export async function fakeApplePay(page: Page, mode: "approve" | "decline") {
  await page.addInitScript((m) => {
    type Log = { request?: unknown; version?: number; validated?: unknown; completed?: number; aborted?: boolean };
    const log: Log = {};
    (window as unknown as { __applePay: Log }).__applePay = log;
    class FakeApplePaySession {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments() {
        return true;
      }
      static supportsVersion(v: number) {
        return v <= 14;
      }
      onvalidatemerchant: ((e: { validationURL: string }) => void) | null = null;
      onpaymentauthorized: ((e: { payment: unknown }) => void) | null = null;
      oncancel: (() => void) | null = null;
      constructor(version: number, request: unknown) {
        log.version = version;
        log.request = request;
      }
      begin() {
        setTimeout(
          () =>
            this.onvalidatemerchant?.({
              validationURL: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
            }),
          10,
        );
      }
      completeMerchantValidation(session: unknown) {
        log.validated = session;
        const mode = (window as unknown as { __applePayMode?: string }).__applePayMode ?? m;
        const paymentData =
          mode === "decline" ? { data: "decline", version: "EC_v1" } : { data: "sandbox-approve", version: "EC_v1" };
        setTimeout(
          () =>
            this.onpaymentauthorized?.({
              payment: {
                token: {
                  paymentData,
                  paymentMethod: { network: "Visa", type: "debit", displayName: "Visa 1111" },
                  transactionIdentifier: "sandbox",
                },
              },
            }),
          10,
        );
      }
      completePayment(status: number) {
        log.completed = status;
      }
      abort() {
        log.aborted = true;
      }
    }
    (window as unknown as { ApplePaySession: typeof FakeApplePaySession }).ApplePaySession = FakeApplePaySession;
  }, mode);
}

/** Switches the fake wallet's next answer without reloading the page. */
export const setApplePayMode = (page: Page, mode: "approve" | "decline") =>
  page.evaluate((m) => {
    (window as unknown as { __applePayMode?: string }).__applePayMode = m;
  }, mode);

export const applePayLog = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __applePay: {
            request?: Record<string, unknown>;
            version?: number;
            validated?: unknown;
            completed?: number;
            aborted?: boolean;
          };
        }
      ).__applePay,
  );

/** Back in the sheet after a payment did not go through (already signed in): on to the payment step again. */
export async function resumeCheckoutTo(page: Page, locale: Locale, methodLabel: string) {
  const c = checkout[locale];
  await page.getByRole("button", { name: c.summary.continue }).click();
  const name = page.getByLabel(c.customer.name);
  await expect(name).toBeVisible();
  if (!(await name.inputValue())) await fillSpaDetails(page, locale, NAMES[locale].shopper);
  else await choosePickupIfAsked(page, locale);
  const terms = page.getByRole("checkbox");
  if (!(await terms.isChecked())) await terms.check();
  await page.getByRole("button", { name: c.customer.continue }).click();
  await chooseMethod(page, locale, methodLabel);
}

const cardLabels = (locale: Locale) =>
  locale === "ar"
    ? { name: "الاسم على البطاقة", number: "رقم البطاقة", month: "الشهر", year: "السنة", cvc: "رمز التحقق" }
    : { name: "Name on card", number: "Card number", month: "Month", year: "Year", cvc: "CVC" };

/** The card form's fields by role and label (a product calendar's hidden "Previous month" buttons share the word). */
export const cardField = (page: Page, locale: Locale, field: keyof ReturnType<typeof cardLabels>) =>
  page.getByRole(field === "month" || field === "year" ? "combobox" : "textbox", {
    name: new RegExp(`^${cardLabels(locale)[field]}`),
  });

export const payButton = (page: Page, locale: Locale) =>
  page.getByRole("button", { name: locale === "ar" ? /^ادفع/ : /^Pay / });

export async function fillCard(page: Page, locale: Locale, number: string, name = "Reem Alotaibi") {
  await cardField(page, locale, "name").fill(name);
  await cardField(page, locale, "number").fill(number);
  await cardField(page, locale, "month").selectOption("12");
  await cardField(page, locale, "year").selectOption(String(new Date().getFullYear() + 2));
  await cardField(page, locale, "cvc").fill("123");
}

/**
 * After a refused Pay the form moves focus to its first invalid field, at once and again on the next
 * task (react-hook-form's focus on error). Playwright's fill focuses its field and then types into
 * whatever has focus, so a fill inside that window can land in the first invalid field instead; a
 * person's next tap comes long after it. Checks the focus and waits the window out.
 */
export async function afterRefusedPay(page: Page, firstInvalid: Locator) {
  await expect(firstInvalid).toBeFocused();
  await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
}

/** The invoice page's QR code, read from its pixels as a phone's camera would, back to ZATCA's five fields. */
export async function readInvoiceQr(page: Page): Promise<ZatcaFields> {
  const png = PNG.sync.read(await page.getByTestId("invoice-qr").screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code, "the QR code reads").not.toBeNull();
  return readZatcaQrPayload(code!.data);
}

/** The size of a PDF's first page in points (Chromium writes its MediaBox uncompressed). */
export function pdfPageSize(pdf: Buffer): { width: number; height: number } {
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString("latin1"));
  expect(box, "the PDF has a page").not.toBeNull();
  return { width: Number(box![1]), height: Number(box![2]) };
}
