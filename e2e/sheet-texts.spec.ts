import { expect, test, type Page } from "@playwright/test";
import { account, errors } from "./account-support";
import { forProject, holdScripts, otherForProject, readMessages } from "./support";

/**
 * A page's flight data carries the texts its own client code shows (i18n/namespaces.ts); a sheet
 * brings every other text with its code. A shopper never sees a key: not when the sheet is tapped
 * twice while its code and texts are still on the way, nor after switching the language.
 */
type Locale = "ar" | "en";
const locations = (locale: Locale) => readMessages<{ button: { notSet: string }; sheet: { title: string; descriptionSignedOut: string } }>(locale, "locations");

const hydrated = (page: Page) => page.waitForFunction(() => (window as Window & { __sfHydrated?: boolean }).__sfHydrated === true);

test("a page carries its own texts only; a sheet brings the rest: tapped twice while they are on the way, and after a language switch", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const other = otherForProject(info.project.name).locale;

  const response = await page.goto(`${prefix}/products`);
  const html = await response!.text();
  // What the page's own code shows is inline (a failure's text among them); the sheets' texts are not.
  expect(html).toContain(JSON.stringify(errors[locale].network).slice(1, -1));
  expect(html).not.toContain(account[locale].signIn.smsNote);
  expect(html).not.toContain(locations(locale).sheet.descriptionSignedOut);
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
  await page.getByRole("button", { name: locations(other).button.notSet }).click();
  const places = page.getByRole("dialog", { name: locations(other).sheet.title });
  await expect(places).toBeVisible();
  await expect(places.getByText(locations(other).sheet.descriptionSignedOut)).toBeVisible();
  await expect(page.getByText(/\b(?:account|errors|locations|cart|checkout)\.[a-zA-Z]+\./)).toHaveCount(0);
});
