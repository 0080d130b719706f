import { expect, test, type Page } from "./test";
import { coffeeUrl, forProject, snap, spaUrl } from "./support";
import { account, freshMobile, sessionOf, signInWithSheet } from "./account-support";

/** The reminders switch by its label, as a screen reader finds it. */
const reminderSwitch = (page: Page, locale: "ar" | "en") =>
  page.getByRole("switch", { name: account[locale].settings.reminders.label });

/** What the store holds for the signed-in customer (through the storefront's session, as the page reads it). */
const savedState = async (page: Page) =>
  ((await sessionOf(page)) as { customer: { bookingReminders: boolean } }).customer.bookingReminders;

test("the profile's booking reminders switch: off survives a reload, two quick taps keep the last, another tab's choice is what stays, and back on", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const t = account[locale];
  await page.goto(spaUrl(`${prefix}/`));
  await page.getByRole("button", { name: t.menu.signIn }).first().click();
  await signInWithSheet(page, locale, freshMobile());
  await page.goto(spaUrl(`${prefix}/profile/account-settings`));

  const toggle = reminderSwitch(page, locale);
  await expect(toggle).toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(t.settings.reminders.hint);
  await snap(page, info, `reminders-on-${locale}`);

  // Off, and still off after a reload.
  await toggle.click();
  await expect(page.getByText(t.settings.reminders.off)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).not.toHaveAttribute("aria-busy");
  await page.reload();
  await expect(reminderSwitch(page, locale)).not.toBeChecked();
  expect(await savedState(page)).toBe(false);
  await snap(page, info, `reminders-off-${locale}`);

  // Two taps at once (on, then off again): the last one is what the store keeps and the switch shows.
  await reminderSwitch(page, locale).evaluate((input: HTMLInputElement) => {
    input.click();
    input.click();
  });
  await expect(reminderSwitch(page, locale)).not.toHaveAttribute("aria-busy");
  await expect(reminderSwitch(page, locale)).not.toBeChecked();
  expect(await savedState(page)).toBe(false);

  // A second tab turns them on: this tab, reloaded, shows the store's state.
  const second = await page.context().newPage();
  await second.goto(spaUrl(`${prefix}/profile/account-settings`));
  await reminderSwitch(second, locale).click();
  await expect(second.getByText(t.settings.reminders.on)).toBeVisible();
  await expect(reminderSwitch(second, locale)).toBeChecked();
  await second.close();
  await page.reload();
  await expect(reminderSwitch(page, locale)).toBeChecked();

  // Off and back on with the keyboard: a real switch, labelled, reachable with Tab and Space.
  await reminderSwitch(page, locale).focus();
  await page.keyboard.press("Space");
  await expect(reminderSwitch(page, locale)).not.toBeChecked();
  await expect(reminderSwitch(page, locale)).not.toHaveAttribute("aria-busy");
  await page.keyboard.press("Space");
  await expect(reminderSwitch(page, locale)).toBeChecked();
  await expect(reminderSwitch(page, locale)).not.toHaveAttribute("aria-busy");
  expect(await savedState(page)).toBe(true);
  await page.reload();
  await expect(reminderSwitch(page, locale)).toBeChecked();
});

test("a store that takes no bookings shows no reminders switch", async ({ page }) => {
  // The coffee roaster sells merchandise only, in Arabic only.
  const t = account.ar;
  await page.goto(coffeeUrl("/"));
  await page.getByRole("button", { name: t.menu.signIn }).first().click();
  await signInWithSheet(page, "ar", freshMobile());
  await page.goto(coffeeUrl("/profile/account-settings"));
  await expect(page.getByRole("button", { name: t.settings.save })).toBeVisible();
  await expect(reminderSwitch(page, "ar")).toHaveCount(0);
});
