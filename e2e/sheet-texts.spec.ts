import { expect, test, type Page } from "./test";
import { account, errors } from "./account-support";
import type { Locale } from "./cart-support";
import { forProject, holdScripts, hydrated, locationsTexts, otherForProject, readMessages } from "./support";

/**
 * A page's flight data carries the texts its own client code shows (i18n/namespaces.ts); a sheet
 * brings every other text with its code. A shopper never sees a key: not when the sheet is tapped
 * twice while its code and texts are still on the way, nor after switching the language.
 */

test("a page carries its own texts only; a sheet brings the rest: tapped twice while they are on the way, and after a language switch", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const other = otherForProject(info.project.name).locale;

  const response = await page.goto(`${prefix}/products`);
  const html = await response!.text();
  // What the page's own code shows is inline (a failure's text among them); the sheets' texts are not.
  expect(html).toContain(JSON.stringify(errors[locale].network).slice(1, -1));
  expect(html).not.toContain(account[locale].signIn.smsNote);
  expect(html).not.toContain(locationsTexts[locale].sheet.descriptionSignedOut);
  await hydrated(page);

  // Sign-in, tapped twice while the sheet's code and texts are held back: one sheet, in words.
  const release = await holdScripts(page);
  const signIn = page.getByRole("button", { name: account[locale].menu.signIn, exact: true });
  await signIn.click();
  await signIn.click({ force: true });
  await page.waitForTimeout(300);
  await release();
  const sheet = page.getByRole("dialog", { name: account[locale].signIn.title });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveCount(1);
  await expect(sheet.getByText(account[locale].signIn.smsNote)).toBeVisible();
  await expect(page.getByText(/\b(?:account|errors|locations|cart|checkout)\.[a-zA-Z]+\./)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  // In the other language, the locations sheet: its texts in that language, fetched anew.
  await page.locator(`header a[hreflang="${other}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  await hydrated(page);
  await page.getByRole("button", { name: locationsTexts[other].button.setLocation }).click();
  const places = page.getByRole("dialog", { name: locationsTexts[other].sheet.title });
  await expect(places).toBeVisible();
  await expect(places.getByText(locationsTexts[other].sheet.descriptionSignedOut)).toBeVisible();
  await expect(page.getByText(/\b(?:account|errors|locations|cart|checkout)\.[a-zA-Z]+\./)).toHaveCount(0);
});

type Widget = {
  pickFirstNight: string;
  chooseTimeFirst: string;
  quantity: string;
  noSlots: string;
  calendar: { next: string };
};
const widgetTexts = (locale: Locale) => readMessages<{ widget: Widget }>(locale, "product").widget;
/**
 * Half the lavender oil pages' flight data with every client text inline, in English and Arabic
 * (docs/MEASUREMENTS.md).
 */
const HALF_FLIGHT_BYTES: Record<Locale, number> = { en: 33_850, ar: 41_600 };
/** The page's inline flight data (what `self.__next_f` received), in bytes. */
const flightBytes = (page: Page) =>
  page.evaluate(
    () =>
      new TextEncoder().encode(
        ((self as unknown as { __next_f: [number, string?][] }).__next_f ?? [])
          .filter((row) => row[0] === 1)
          .map((row) => row[1])
          .join(""),
      ).length,
  );

test("a product page carries its own kind's widget texts: a bottle of oil no calendar, a resthouse its nights, also after a language switch", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const other = otherForProject(info.project.name).locale;
  const keyOnScreen = page.getByText(/\b(?:product\.)?widget\.[a-zA-Z]+/);

  // Merchandise: the quantity's texts, none of a booking's; at most half the flight data of every text inline.
  const oil = await page.goto(`${prefix}/products/lavender-massage-oil`);
  const oilHtml = await oil!.text();
  expect(oilHtml).toContain(widgetTexts(locale).quantity);
  for (const text of [
    widgetTexts(locale).pickFirstNight,
    widgetTexts(locale).chooseTimeFirst,
    widgetTexts(locale).noSlots,
  ])
    expect(oilHtml).not.toContain(text);
  await hydrated(page);
  expect(await flightBytes(page)).toBeLessThanOrEqual(HALF_FLIGHT_BYTES[locale]);
  await expect(page.getByText(widgetTexts(locale).quantity).first()).toBeVisible();
  await expect(keyOnScreen).toHaveCount(0);

  // A stay by the night: its nights' texts, none of a timed booking's.
  const stay = await page.goto(`${prefix}/products/rimal-resthouse-by-the-night`);
  const stayHtml = await stay!.text();
  expect(stayHtml).not.toContain(widgetTexts(locale).chooseTimeFirst);
  await hydrated(page);
  await expect(page.getByText(widgetTexts(locale).pickFirstNight)).toBeVisible();
  // Another month, twice: the calendar's own texts still there.
  const next = page.getByRole("button", { name: widgetTexts(locale).calendar.next });
  await next.click();
  await next.click();
  await expect(page.getByText(widgetTexts(locale).pickFirstNight)).toBeVisible();
  await expect(keyOnScreen).toHaveCount(0);

  // The other language, by the header's link (a client navigation): the widget's texts in that language.
  await page.locator(`header a[hreflang="${other}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", other);
  await hydrated(page);
  await expect(page.getByText(widgetTexts(other).pickFirstNight)).toBeVisible();
  await expect(page.getByText(widgetTexts(locale).pickFirstNight)).toHaveCount(0);
  await expect(keyOnScreen).toHaveCount(0);
});
