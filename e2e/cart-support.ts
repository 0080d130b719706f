import type { ProductDto } from "@/contract/dto/catalog";
import { expect, type Locator, type Page } from "./test";
import { formatSar } from "@/lib/money";
import { addDays, riyadhToday } from "@/rules/riyadh-time";
import type { CartDto } from "@/contract/dto/cart";
import { readMessages } from "./support";

export type Locale = "ar" | "en";
type Catalogue = {
  cart: typeof import("@/messages/en/cart.json");
  errors: typeof import("@/messages/en/errors.json");
  product: typeof import("@/messages/en/product.json");
};
const load = (locale: Locale): Catalogue => ({
  cart: readMessages(locale, "cart"),
  errors: readMessages(locale, "errors"),
  product: readMessages(locale, "product"),
});
/** The app's own texts, so that the journeys assert what a shopper reads in each language. */
export const messages: Record<Locale, Catalogue> = { ar: load("ar"), en: load("en") };

/** A Riyadh calendar day `n` days from today (YYYY-MM-DD). */
export const dayAhead = (n: number) => addDays(riyadhToday(), n);

/** Opens a product from the catalogue by its visible name, as a shopper would. */
export async function openProduct(page: Page, prefix: string, name: string, origin = "") {
  await page.goto(`${origin}${prefix}/products`);
  await page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name, exact: true }) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Moves the widget's month calendar (it shows one month) to the month of `day`. */
async function showMonthOf(locale: Locale, day: string, scope: Locator | Page) {
  const { previous, next } = messages[locale].product.widget.calendar;
  const shown = async () => (await scope.locator("[data-day]").first().getAttribute("data-day")) ?? "";
  for (let i = 0; i < 8 && !(await scope.locator(`[data-day="${day}"]`).isVisible()); i++) {
    const name = day < (await shown()) ? previous : next;
    await scope.getByRole("button", { name }).first().click();
  }
}

/** Picks a day in the widget's month calendar, moving to later months as needed. */
export async function pickDay(page: Page, locale: Locale, day: string, scope: Locator | Page = page) {
  await showMonthOf(locale, day, scope);
  await scope.locator(`[data-day="${day}"]`).click();
}

/** Picks the first day on or after `from` the calendar lets the shopper choose (a specialist's day off, a closed day are skipped); answers it. */
export async function pickFirstOpenDay(
  page: Page,
  locale: Locale,
  from: string,
  scope: Locator | Page = page,
): Promise<string> {
  for (let i = 0; i < 14; i++) {
    const day = addDays(from, i);
    await showMonthOf(locale, day, scope);
    if (await scope.locator(`[data-day="${day}"]`).isEnabled()) {
      await scope.locator(`[data-day="${day}"]`).click();
      return day;
    }
  }
  throw new Error(`No day open from ${from}`);
}

/**
 * The first day on or after `from` that the widget's calendar announces as booked (its accessible
 * name ends with the translated "Booked"), looking at most three months ahead.
 */
export async function firstBookedDay(page: Page, locale: Locale, from: string): Promise<string> {
  const { next, booked } = messages[locale].product.widget.calendar;
  await showMonthOf(locale, from, page);
  for (let month = 0; month < 3; month++) {
    const days = await page
      .locator("[data-day]")
      .evaluateAll(
        (buttons, label) =>
          buttons
            .filter((b) => b.getAttribute("aria-label")?.endsWith(label))
            .map((b) => b.getAttribute("data-day") ?? ""),
        booked,
      );
    const found = days.find((day) => day >= from);
    if (found) return found;
    await page.getByRole("button", { name: next }).first().click();
  }
  throw new Error(`No booked day in the three months from ${from}`);
}

export const addButton = (page: Page, locale: Locale) =>
  page.getByRole("button", { name: messages[locale].product.widget.addToCart });

/** The header's cart button; its accessible name starts with the word and goes on with the count. */
export const cartButton = (page: Page, locale: Locale) =>
  page.getByRole("button", { name: locale === "ar" ? /^السلة/ : /^Cart/ });

export const cartDialog = (page: Page, locale: Locale) =>
  page.getByRole("dialog", { name: messages[locale].cart.sheet.title });

/** The cart as the platform has it, through the storefront's cart endpoint (same cookies as the page). */
export async function platformCart(page: Page, locale: Locale): Promise<CartDto | null> {
  const body = await pageFetchJson<{ data: CartDto | null }>(page, `/api/cart?locale=${locale}`);
  return body.data;
}

/**
 * A same-origin GET made by the page itself (its cookies, its host): the test runner cannot
 * resolve *.localhost tenant hosts, the browser can.
 */
/** The product the page shows, as the platform answers it by the page's own address (its slug). */
export async function productOnPage(page: Page): Promise<ProductDto> {
  const slug = new URL(page.url()).pathname.split("/").pop()!;
  return (await pageFetchJson<{ data: ProductDto }>(page, `/api/app/products/slug/${slug}`)).data;
}

export async function pageFetchJson<T>(page: Page, url: string): Promise<T> {
  const { status, body } = await page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { accept: "application/json" } });
    return { status: res.status, body: await res.json() };
  }, url);
  expect(status, url).toBe(200);
  return body as T;
}

/** Every amount row the sheet shows equals the platform's figure, formatted for the locale. */
export async function expectSheetTotals(page: Page, locale: Locale, cart: CartDto) {
  const dialog = cartDialog(page, locale);
  const labels = messages[locale].cart.totals;
  const rows: [string, number][] = [
    [cart.taxAmount > 0 ? labels.subTotalBeforeVat : labels.subTotal, cart.subTotal],
    [labels.tax, cart.taxAmount],
    [labels.total, cart.totalAmount],
  ];
  if (cart.depositAmount > 0 && cart.amountToBePaid < cart.totalAmount)
    rows.push([labels.deposit, cart.depositAmount], [labels.amountToBePaid, cart.amountToBePaid]);
  for (const [label, amount] of rows) {
    const dd = dialog.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    await expect(dd).toHaveText(formatSar(amount, locale));
  }
}

/** Adds through the widget and checks that the sheet opens with the platform's totals; returns the cart. */
export async function addAndCheck(page: Page, locale: Locale): Promise<CartDto> {
  await addButton(page, locale).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  const cart = await platformCart(page, locale);
  expect(cart).not.toBeNull();
  await expectSheetTotals(page, locale, cart!);
  return cart!;
}

export async function closeCart(page: Page, locale: Locale) {
  await page.keyboard.press("Escape");
  await expect(cartDialog(page, locale)).toBeHidden();
}

/** The translated refusal for a platform code is on screen. */
export async function expectError(page: Page, locale: Locale, code: string) {
  const key = code.replace(/:/g, "_") as keyof (typeof messages)["en"]["errors"];
  await expect(page.getByText(messages[locale].errors[key])).toBeVisible();
}
