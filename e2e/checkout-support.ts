import { expect, type Page } from "./test";
import { account, freshMobile, latestCode } from "./account-support";
import type { Locale } from "./cart-support";
import { messagesByLocale } from "./support";

type Checkout = typeof import("@/messages/en/checkout.json");
type Order = typeof import("@/messages/en/order.json");
export const checkout = messagesByLocale<Checkout>("checkout");
export const order = messagesByLocale<Order>("order");
type Text = typeof import("@/messages/en/text.json");
export const text = messagesByLocale<Text>("text");

/** The sign-in step inside the checkout sheet: a fresh number (or the one given) and the code from the outbox. Returns the national number. */
export async function signInInSheet(page: Page, locale: Locale, national = freshMobile()): Promise<string> {
  const t = account[locale].signIn;
  await page.getByLabel(t.mobileLabel).fill(national);
  await page.getByRole("button", { name: t.sendCode }).click();
  const codeBox = page.getByRole("textbox", { name: t.codeLabel });
  await expect(codeBox).toBeVisible();
  await codeBox.fill(await latestCode(page, `+966${national}`));
  await expect(codeBox).toBeHidden();
  return national;
}

/** Fills the spa customer step: name, the required national ID custom field. */
export async function fillSpaDetails(page: Page, locale: Locale, name: string) {
  const c = checkout[locale].customer;
  await page.getByLabel(c.name).fill(name);
  await page.getByLabel(locale === "ar" ? "رقم الهوية الوطنية" : "National ID number").fill("1012345678");
  await choosePickupIfAsked(page, locale);
}

/**
 * Merchandise asks delivery or pickup: collects at the first branch listed when the store offers
 * pickup and the cart asks (spa's merchandise is pickup only). Nothing when the step does not ask.
 */
export async function choosePickupIfAsked(page: Page, locale: Locale) {
  const f = checkout[locale].fulfilment;
  const section = page.getByRole("region", { name: f.title });
  if ((await section.count()) === 0) return;
  const kind = section.getByRole("radio", { name: f.pickup });
  if ((await kind.count()) > 0) await kind.check();
  await section.getByRole("group", { name: f.branch }).getByRole("radio").first().check();
}

/** Chooses a payment method by its label and continues to the payment step. */
export async function chooseMethod(page: Page, locale: Locale, label: string) {
  await page.getByRole("radio", { name: label }).check();
  await page.getByRole("button", { name: checkout[locale].methods.continue }).click();
}
