import { expect, test, type Locator, type Page } from "./test";
import { forProject, LOCATION_BUTTON } from "./support";
import { cartButton as headerCartButton, cartDialog, dayAhead, messages, type Locale } from "./cart-support";
import { account, freshMobile, latestCode } from "./account-support";
import { checkout, order } from "./checkout-support";
import { NAMES } from "./payments-support";

/**
 * A checkout with the keyboard only (Tab, Shift+Tab, Enter, Space, arrows; text typed into the
 * focused field): a massage from its product page to the done page, paid later in cash. Along the
 * way every control used shows a focus ring, sheets keep the focus inside them and give it back
 * to the control that opened them. The phone runs it in Arabic, the desktop in English.
 */

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  await expect(target).toBeVisible();
  // One look-up, then a cheap check per key press (re-rendered meanwhile, the final check looks it up again).
  const element = await target.elementHandle();
  const focused = () => element!.evaluate((el) => el === document.activeElement);
  for (let i = 0; i < max && !(await focused()); i++) await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  await element!.dispose();
  await expect(target, `reachable with ${back ? "Shift+Tab" : "Tab"}`).toBeFocused();
}

/** The focused control matches :focus-visible and shows it: an opaque outline or a ring on it, its card (label) or its frame (parent). */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const seen = await target.evaluate(async (el) => {
    const around = [el, el.closest("label"), el.parentElement].filter(
      (e): e is HTMLElement => e instanceof HTMLElement,
    );
    // The focus styles fade in: measure once their transitions have ended.
    await Promise.all(around.flatMap((e) => e.getAnimations()).map((a) => a.finished.catch(() => undefined)));
    // rgba(…, 0), oklab(… / 0) and transparent draw nothing.
    const opaque = (color: string) => color !== "transparent" && !/[,/]\s*0\)$/.test(color);
    const shows = (e: HTMLElement) => {
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1 && opaque(s.outlineColor);
      // A ring is a box-shadow with no offset and no blur but a spread (Tailwind's ring-*), not an inset one.
      const ring = s.boxShadow
        .split(/,(?![^(]*\))/)
        .some(
          (part) =>
            !part.includes("inset") && /\b0px 0px 0px [1-9]/.test(part) && opaque(part.replace(/\s*\d+px.*$/, "")),
        );
      return outline || ring;
    };
    return { focusVisible: el.matches(":focus-visible"), indicator: around.some(shows) };
  });
  expect(seen, "the focused control shows a focus indicator").toEqual({ focusVisible: true, indicator: true });
}

/** Tab and Shift+Tab cycle inside the open sheet: the focus never reaches the page under it. */
async function expectFocusTrapped(page: Page, sheet: Locator, presses = 12) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 1; i <= presses; i++) {
      await page.keyboard.press(key);
      expect(await sheet.evaluate((d) => d.contains(document.activeElement)), `${key} ×${i} left the sheet`).toBe(true);
    }
  }
}

/** Moves through the month grid with the arrow keys (mirrored in Arabic) to `day`. */
async function arrowToDay(page: Page, locale: Locale, day: string) {
  const forward = locale === "ar" ? "ArrowLeft" : "ArrowRight";
  const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute("data-day") ?? "");
  for (let i = 0; i < 40; i++) {
    const at = await focusedDay();
    if (at === day) return;
    expect(at, "the focus stays on a day of the calendar").not.toBe("");
    const days = (Date.parse(day) - Date.parse(at)) / 86_400_000;
    await page.keyboard.press(
      days >= 7
        ? "ArrowDown"
        : days > 0
          ? forward
          : days <= -7
            ? "ArrowUp"
            : locale === "ar"
              ? "ArrowRight"
              : "ArrowLeft",
    );
  }
  expect(await focusedDay()).toBe(day);
}

test("keyboard only: product page to the done page, with visible focus, trapped sheets and focus given back", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  const w = messages[locale].product.widget;
  const c = checkout[locale];
  const t = account[locale].signIn;
  const day = dayAhead(info.project.name === "phone" ? 24 : 25);

  // The catalogue: Tab to the massage's card, Enter opens it.
  await page.goto(`${prefix}/products`);
  const card = page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: NAMES[locale].massage, exact: true }) })
    .first();
  await tabTo(page, card, { max: 60 });
  await expectFocusRing(card);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: NAMES[locale].massage })).toBeVisible();

  // The locations sheet from the header: focus stays inside, Escape gives it back to its button.
  const locationButton = page.getByRole("button", { name: LOCATION_BUTTON[locale] }).first();
  await tabTo(page, locationButton);
  await expectFocusRing(locationButton);
  await page.keyboard.press("Enter");
  const locations = page.getByRole("dialog", { name: locale === "ar" ? "مواقعك" : "Your locations" });
  await expect(locations).toBeVisible();
  await expectFocusTrapped(page, locations, 6);
  await page.keyboard.press("Escape");
  await expect(locations).toBeHidden();
  await expect(locationButton).toBeFocused();

  // Options: the second treatment with an arrow key, a day through the calendar's arrows, a time with Space.
  const options = page.getByRole("group", { name: w.option });
  await tabTo(page, options.getByRole("radio").first());
  await page.keyboard.press("ArrowDown");
  const hotStone = options.getByRole("radio").nth(1);
  await expect(hotStone).toBeChecked();
  await expectFocusRing(hotStone);
  await tabTo(page, page.locator('[data-day][tabindex="0"]'));
  await arrowToDay(page, locale, day);
  const dayButton = page.locator(`[data-day="${day}"]`);
  await expectFocusRing(dayButton);
  await page.keyboard.press("Enter");
  await expect(dayButton).toHaveAttribute("aria-pressed", "true");
  const time = page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first();
  await tabTo(page, time);
  await page.keyboard.press("Space");
  await expect(time).toBeChecked();
  await expectFocusRing(time);
  const seats = page.getByLabel(w.seats);
  await tabTo(page, seats);
  await expectFocusRing(seats);

  // Add to cart: the sheet opens with the focus inside and keeps it; Escape gives it back to the button.
  const add = page.getByRole("button", { name: w.addToCart });
  await tabTo(page, add);
  await expectFocusRing(add);
  await page.keyboard.press("Enter");
  const sheet = cartDialog(page, locale);
  await expect(sheet.getByText(NAMES[locale].massage)).toBeVisible();
  expect(await sheet.evaluate((d) => d.contains(document.activeElement)), "the sheet takes the focus").toBe(true);
  await expectFocusTrapped(page, sheet);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(add).toBeFocused();

  // The header's cart button (back up the page with Shift+Tab) opens it again; close and reopen it the same way.
  const cartButton = headerCartButton(page, locale);
  await tabTo(page, cartButton, { back: true, max: 60 });
  await expectFocusRing(cartButton);
  await page.keyboard.press("Enter");
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(cartButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(sheet).toBeVisible();

  // Continue: sign in with a number and the texted code, typed.
  const next = sheet.getByRole("button", { name: c.summary.continue });
  await tabTo(page, next);
  await expectFocusRing(next);
  await page.keyboard.press("Enter");
  const mobile = sheet.getByLabel(t.mobileLabel);
  await tabTo(page, mobile);
  await expectFocusRing(mobile);
  const national = freshMobile();
  await page.keyboard.type(national);
  await page.keyboard.press("Enter");
  const codeBox = sheet.getByRole("textbox", { name: t.codeLabel });
  await tabTo(page, codeBox);
  await page.keyboard.type(await latestCode(page, `+966${national}`));
  await expect(codeBox).toBeHidden();

  // Details: name and the store's national ID field typed, the terms ticked with Space.
  const name = sheet.getByLabel(c.customer.name);
  await tabTo(page, name);
  await expectFocusRing(name);
  await page.keyboard.type(NAMES[locale].shopper);
  await tabTo(page, sheet.getByLabel(locale === "ar" ? "رقم الهوية الوطنية" : "National ID number"));
  await page.keyboard.type("1012345678");
  const terms = sheet.getByRole("checkbox");
  await tabTo(page, terms);
  await expectFocusRing(terms);
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();
  const toPayment = sheet.getByRole("button", { name: c.customer.continue });
  await tabTo(page, toPayment);
  await page.keyboard.press("Enter");

  // Payment method: into the group with Tab, down to cash with the arrows.
  const cash = sheet.getByRole("radio", { name: c.methods.cash.payLater });
  await tabTo(page, sheet.getByRole("radio", { checked: true }));
  for (let i = 0; i < 6 && !(await cash.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(cash).toBeChecked();
  await expectFocusRing(cash);
  await expectFocusTrapped(page, sheet, 8);
  await tabTo(page, sheet.getByRole("button", { name: c.methods.continue }));
  await page.keyboard.press("Enter");

  // Place the order.
  const place = sheet.getByRole("button", { name: order[locale].cash.submit.payLater });
  await tabTo(page, place);
  await expectFocusRing(place);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(c.methods.cash.payLater, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(NAMES[locale].massage).first()).toBeVisible();
});
