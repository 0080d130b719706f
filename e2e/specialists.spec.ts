import { expect, test, type Page } from "./test";
import { formatTime } from "@/lib/day-format";
import { forProject, snap } from "./support";
import { checkout, order } from "./checkout-support";
import { checkoutTo, NAMES } from "./payments-support";
import {
  addButton,
  cartDialog,
  dayAhead,
  messages,
  openProduct,
  pickDay,
  platformCart,
  type Locale,
} from "./cart-support";

/**
 * The spa's massage with its therapists (seeded: Noura every day in both branches, Sara Sun–Thu in
 * Olaya, Reem 14–22 in Hittin and off tomorrow, Huda hot stone only): the shopper chooses a branch
 * and a specialist (the default dropdown), the calendar and times follow the choice, and the cart,
 * the checkout and the order name who and where. "Any specialist" names the one assigned.
 */
const STAFF = {
  ar: {
    reem: "ريم العتيبي",
    noura: "نورة الحربي",
    sara: "سارة القحطاني",
    huda: "هدى الشمري",
    olaya: "فرع العليا",
    hittin: "فرع حطين",
  },
  en: {
    reem: "Reem Al-Otaibi",
    noura: "Noura Al-Harbi",
    sara: "Sara Al-Qahtani",
    huda: "Huda Al-Shammari",
    olaya: "Olaya branch",
    hittin: "Hittin branch",
  },
} as const;

const specialistSelect = (page: Page, locale: Locale) =>
  page.getByLabel(messages[locale].product.widget.staff.specialist, { exact: true });
const options = (page: Page, locale: Locale) => specialistSelect(page, locale).locator("option").allTextContents();
/** The massage's line in an order (the shopper's own name may be the same as a specialist's). */
const line = (page: Page, locale: Locale) => page.getByRole("listitem").filter({ hasText: NAMES[locale].massage });
const times = (page: Page, locale: Locale) => page.getByRole("group", { name: messages[locale].product.widget.time });

test.describe("specialists and branches", () => {
  test("a named specialist in a chosen branch: only their days and times, named on the cart, the checkout and the order", async ({
    page,
  }, info) => {
    const { locale, prefix } = forProject(info.project.name);
    const w = messages[locale].product.widget.staff;
    const names = STAFF[locale];
    await openProduct(page, prefix, NAMES[locale].massage);
    // The dropdown (the store's default view) offers "any" first; the branches are named.
    await expect(specialistSelect(page, locale)).toHaveValue("");
    expect(await options(page, locale)).toEqual([w.any, names.noura, names.sara, names.reem]);
    const branches = page.getByRole("group", { name: w.branch });
    await expect(branches.getByRole("radio", { name: w.anyBranch })).toBeChecked();
    // Hittin: only those who work there; Huda (hot stone only) is not offered for the Swedish massage anywhere.
    await branches.getByRole("radio", { name: new RegExp(names.hittin) }).check();
    expect(await options(page, locale)).toEqual([w.any, names.noura, names.reem]);
    await specialistSelect(page, locale).selectOption({ label: names.reem });
    // Reem is off tomorrow: the day can't be chosen.
    await expect(page.locator(`[data-day="${dayAhead(1)}"]`)).toBeDisabled();
    const day = dayAhead(info.project.name === "phone" ? 20 : 21);
    await pickDay(page, locale, day);
    const first = times(page, locale).locator("input[type=radio]:not([disabled])").first();
    await first.check();
    await snap(page, info, `specialist-product-${locale}`);
    // A double tap is one booking.
    await addButton(page, locale).dblclick();
    await expect(cartDialog(page, locale)).toBeVisible();
    const cart = (await platformCart(page, locale))!;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      quantity: 1,
      specialist: { name: names.reem },
      branch: { name: names.hittin },
    });
    // Her hours start at 14:00.
    expect(formatTime(cart.items[0].reservationDateFrom!, "en")).toMatch(/^2:00\sPM$/);
    const sheet = cartDialog(page, locale);
    await expect(sheet.getByText(names.reem)).toBeVisible();
    await expect(sheet.getByText(names.hittin)).toBeVisible();
    await snap(page, info, `specialist-cart-${locale}`);

    await checkoutTo(page, locale, checkout[locale].methods.cash.payLater);
    await page.getByRole("button", { name: order[locale].cash.submit.payLater }).click();
    await page.waitForURL(/\/checkout\/done\//);
    await expect(line(page, locale).getByText(names.reem)).toBeVisible();
    await expect(line(page, locale).getByText(names.hittin)).toBeVisible();
    await snap(page, info, `specialist-done-${locale}`);
    const orderId = new URL(page.url()).pathname.split("/").pop()!;
    await page.goto(`${prefix}/orders/${orderId}`);
    await expect(line(page, locale).getByText(names.reem)).toBeVisible();
    await expect(line(page, locale).getByText(names.hittin)).toBeVisible();
  });

  test("'any specialist': the cart says so, the order names who was given the booking", async ({ page }, info) => {
    const { locale, prefix } = forProject(info.project.name);
    const names = STAFF[locale];
    await openProduct(page, prefix, NAMES[locale].massage);
    await pickDay(page, locale, dayAhead(info.project.name === "phone" ? 22 : 23));
    await times(page, locale).locator("input[type=radio]:not([disabled])").first().check();
    await addButton(page, locale).click();
    const sheet = cartDialog(page, locale);
    await expect(sheet.getByText(messages[locale].cart.item.anySpecialist)).toBeVisible();
    await checkoutTo(page, locale, checkout[locale].methods.cash.payLater);
    await page.getByRole("button", { name: order[locale].cash.submit.payLater }).click();
    await page.waitForURL(/\/checkout\/done\//);
    const assigned = line(page, locale).getByText(new RegExp(`^(${names.noura}|${names.sara})$`));
    await expect(assigned).toBeVisible();
    await expect(page.getByText(messages[locale].cart.item.anySpecialist)).toHaveCount(0);
    await snap(page, info, `specialist-any-done-${locale}`);
  });
});
