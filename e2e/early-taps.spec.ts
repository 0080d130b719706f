import { expect, test, type Page } from "./test";
import { account, freshMobile, signInWithSheet } from "./account-support";
import { cartButton, cartDialog } from "./cart-support";
import { forProject, holdScripts, locationsTexts } from "./support";

/**
 * A shopper who taps a header button while the page is still hydrating (its HTML is on screen, its
 * JavaScript is not running yet) gets the sheet once the page is ready: the tap is not lost.
 */
/** Opens `path` with every script held back until the returned function is called. */
async function openUnhydrated(page: Page, path: string): Promise<() => Promise<void>> {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  return release;
}

test("a header button tapped before the page hydrates opens its sheet once it has hydrated (cart, locations, account)", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);

  let release = await openUnhydrated(page, `${prefix}/products`);
  await cartButton(page, locale).click();
  // Nothing can open yet: the page's scripts are held back.
  await page.waitForTimeout(300);
  await expect(cartDialog(page, locale)).toHaveCount(0);
  await release();
  await expect(cartDialog(page, locale)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(cartDialog(page, locale)).toBeHidden();

  release = await openUnhydrated(page, `${prefix}/`);
  await page.getByRole("button", { name: locationsTexts[locale].button.setLocation }).click();
  const sheet = page.getByRole("dialog", { name: locationsTexts[locale].sheet.title });
  await page.waitForTimeout(300);
  await expect(sheet).toHaveCount(0);
  await release();
  await expect(sheet).toBeVisible();
  // One tap, one opening: the cart did not open as well.
  await expect(cartDialog(page, locale)).toHaveCount(0);

  // The account button takes its tap once the session has answered: a guest gets the sign-in sheet.
  release = await openUnhydrated(page, `${prefix}/products`);
  await page.getByRole("button", { name: account[locale].menu.signIn }).first().click();
  const signIn = page.getByRole("dialog", { name: account[locale].signIn.title });
  await page.waitForTimeout(300);
  await expect(signIn).toHaveCount(0);
  await release();
  await expect(signIn).toBeVisible();
  await expect(sheet).toHaveCount(0);

  // Signed in, the same early tap opens the account menu, not the sign-in sheet.
  await signInWithSheet(page, locale, freshMobile());
  release = await openUnhydrated(page, `${prefix}/products`);
  await page.getByRole("button", { name: account[locale].menu.signIn }).first().click();
  await release();
  await expect(page.getByRole("navigation", { name: account[locale].menu.title })).toBeVisible();
  await expect(signIn).toHaveCount(0);
});
