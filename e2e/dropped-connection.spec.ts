import { expect, test, type Page, type Route } from "./test";
import { account, errors, freshMobile, signInWithSheet } from "./account-support";
import { cartButton, cartDialog } from "./cart-support";
import { forProject, hydrated, locationsTexts } from "./support";

/**
 * The sheets' code and texts come when a sheet is first opened (components/on-demand.tsx). A
 * shopper whose connection drops before that double-taps the cart, the locations or sign-in: the
 * store stays on screen and says once that the connection failed (the toaster's own code came
 * ahead, once the page settled); when the connection is back, the next tap opens the sheet.
 * (next/dynamic alone would replace the whole store with Next's default error page, in English.)
 */

/** Every request the page makes from now on fails as a dropped connection does; the returned function restores it. */
async function dropConnection(page: Page): Promise<() => Promise<void>> {
  const drop = (route: Route) => route.abort("internetdisconnected");
  await page.route("**/*", drop);
  return () => page.unroute("**/*", drop);
}

test("a sheet double-tapped while the connection is down: the store stays and says so once; the sheet opens when it is back", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await page.goto(`${prefix}/products`);
  await hydrated(page);
  // The toaster's code comes ahead once the page has settled (components/providers.tsx).
  await page.waitForTimeout(4_500);
  const restore = await dropConnection(page);
  // The toast in front; a replaced one leaves after its exit animation (one toast at a time).
  const toast = page.locator("[data-sonner-toast][data-front=true]").filter({ hasText: errors[locale].network });
  const toasts = page.locator("[data-sonner-toast]");
  const header = page.locator("[data-site-header]");

  for (const [open, sheet] of [
    [() => cartButton(page, locale).click(), cartDialog(page, locale)],
    [
      () => page.getByRole("button", { name: locationsTexts[locale].button.setLocation }).click(),
      page.getByRole("dialog", { name: locationsTexts[locale].sheet.title }),
    ],
    [
      () => page.getByRole("button", { name: account[locale].menu.signIn, exact: true }).click(),
      page.getByRole("dialog", { name: account[locale].signIn.title }),
    ],
  ] as const) {
    // The last message has gone: the next one is this tap's.
    await expect(toasts).toHaveCount(0, { timeout: 15_000 });
    // A double tap: one attempt, one message; the store stays, no sheet opens half-made.
    await open();
    await open();
    await expect(toast).toBeVisible();
    await expect(toasts).toHaveCount(1);
    await expect(header).toBeVisible();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByText(/This page couldn.t load/)).toHaveCount(0);
  }
  // Every attempt has ended (its message has come and gone) before the connection comes back.
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });

  // The connection is back: one tap, one sheet, in words.
  await restore();
  await cartButton(page, locale).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await expect(cartDialog(page, locale)).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(cartDialog(page, locale)).toBeHidden();
  await page.getByRole("button", { name: locationsTexts[locale].button.setLocation }).click();
  await expect(page.getByRole("dialog", { name: locationsTexts[locale].sheet.title })).toBeVisible();
  await expect(page.getByText(/\b(?:account|errors|locations|cart|checkout)\.[a-zA-Z]+\./)).toHaveCount(0);
});

test("signed in, the account menu double-tapped while the connection is down: the store stays and says so once; the menu opens when it is back", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await page.goto(`${prefix}/products`);
  await hydrated(page);
  await page.getByRole("button", { name: account[locale].menu.signIn, exact: true }).click();
  await signInWithSheet(page, locale, freshMobile());
  // A new page, signed in: the menu's code has not come yet.
  await page.reload();
  await hydrated(page);
  const menuButton = page.getByRole("button", { name: account[locale].menu.open });
  await expect(menuButton).toBeVisible();
  await page.waitForTimeout(4_500);
  const restore = await dropConnection(page);
  const toast = page.locator("[data-sonner-toast][data-front=true]").filter({ hasText: errors[locale].network });
  const menu = page.getByRole("navigation", { name: account[locale].menu.title });

  await menuButton.click();
  await menuButton.click();
  await expect(toast).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  await expect(page.locator("[data-site-header]")).toBeVisible();
  await expect(menu).toHaveCount(0);
  await expect(page.getByText(/This page couldn.t load/)).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

  await restore();
  await menuButton.click();
  await expect(menu).toBeVisible();
  await expect(page.getByText(/\b(?:account|errors)\.[a-zA-Z]+\./)).toHaveCount(0);
});
