import { expect, test, type Page } from "../test";
import { expectToastClearOfSheetTitle, forProject, LOCATION_BUTTON, messagesByLocale, snap } from "../support";
import { cartDialog, platformCart } from "../cart-support";
import { account, freshMobile, latestCode } from "../account-support";
import { checkout, chooseMethod, fillSpaDetails, order, signInInSheet } from "../checkout-support";
import { expectInProfile, fillBasket, NAMES } from "../payments-support";

/**
 * The same intent twice: a coupon applied from two tabs, a code checked twice in one moment, a
 * location and a preset saved with a double tap and again from a second tab, Back after paying.
 * Each asserts one effect, in Arabic on the phone and English on the desktop (and on PostgreSQL).
 */
// Each journey signs in and acts in two tabs: ~40–60 s alone, more beside the other journeys.
test.describe.configure({ timeout: 120_000 });

const dayFor = (name: string, base: number) => base + (name === "phone" ? 0 : name === "desktop" ? 1 : 2);

const common = messagesByLocale<typeof import("@/messages/en/common.json")>("common");

const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

const openSignIn = (page: Page, locale: "ar" | "en") =>
  page.getByRole("button", { name: account[locale].menu.signIn }).first().click();

test("a coupon and guest details, each sent twice (a double tap and a second tab), then paid and Back: one discount, one saved entry, one order", async ({
  page,
  context,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale].coupon;
  const basket = { kind: "massage", day: dayFor(info.project.name, 36) } as const;
  await fillBasket(page, locale, prefix, basket);
  // Signed in inside the sheet (coupons need a customer), then back at the summary.
  await page.getByRole("button", { name: checkout[locale].summary.continue }).click();
  await signInInSheet(page, locale);
  await page.getByRole("button", { name: checkout[locale].customer.back }).click();

  // The second tab shows the same cart, without the coupon yet.
  const other = await context.newPage();
  await other.goto(`${prefix}/products#cart`);
  await expect(cartDialog(other, locale)).toBeVisible();
  await expect(other.getByLabel(c.label)).toBeEditable();

  await page.getByLabel(c.label).fill("RELAX10");
  await page.getByRole("button", { name: c.apply }).dblclick();
  await expect(page.getByText(c.applied.replace("{code}", "RELAX10"))).toBeVisible();

  await other.getByLabel(c.label).fill("relax10");
  await other.getByRole("button", { name: c.apply }).click();
  await expect(other.getByText(c.applied.replace("{code}", "RELAX10"))).toBeVisible();
  await snap(other, info, `twice-coupon-second-tab-${locale}`);
  for (const p of [page, other]) {
    await expect(p.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
    await expect(errorToasts(p)).toHaveCount(0);
  }
  const cart = (await platformCart(page, locale))!;
  expect(cart.couponCode).toBe("RELAX10");
  // 10% of the massage, once.
  expect(cart.discountAmount).toBeCloseTo(cart.subTotal * 0.1, 2);

  // On to the customer step in the first tab: guest details saved with a double tap, then again from the second.
  const ps = checkout[locale].presets;
  await page.getByRole("button", { name: checkout[locale].summary.continue }).click();
  await fillSpaDetails(page, locale, NAMES[locale].shopper);
  const guest = locale === "ar" ? "اسم الضيف" : "Guest name";

  await page.getByLabel(guest).fill("Lama");
  await page.getByRole("button", { name: ps.save }).dblclick();
  await expect(page.getByLabel(ps.saved)).toBeVisible();

  await other.reload();
  await other.getByRole("button", { name: checkout[locale].summary.continue }).click();
  await other.getByLabel(ps.saved).selectOption({ label: ps.new });
  await other.getByLabel(guest).fill("Lama");
  await other.getByRole("button", { name: ps.save }).click();
  await expect(other.getByText(ps.savedToast)).toBeVisible();
  await expectToastClearOfSheetTitle(other, common[locale].toast.close);

  const saved = other.getByLabel(ps.saved);
  await expect(saved.locator("option")).toHaveText([ps.defaultLabel.replace("{name}", "Lama"), ps.new]);
  await snap(other, info, `twice-preset-${locale}`);

  // Another guest, made the default; then Lama deleted, after being asked (Keep first keeps her).
  await saved.selectOption({ label: ps.new });
  await other.getByLabel(guest).fill("Fahad");
  await other.getByRole("button", { name: ps.save }).click();
  await expect(saved.locator("option")).toHaveCount(3);
  await other.getByRole("button", { name: ps.makeDefault }).click();
  await expect(saved.locator("option")).toHaveText([ps.defaultLabel.replace("{name}", "Fahad"), "Lama", ps.new]);
  await saved.selectOption({ label: "Lama" });
  await other.getByRole("button", { name: ps.delete }).click();
  const confirm = other.getByRole("group", { name: ps.confirmDelete.replace("{name}", "Lama") });
  await expect(confirm).toBeVisible();
  await snap(other, info, `twice-preset-confirm-delete-${locale}`);
  await confirm.getByRole("button", { name: ps.keep }).click();
  await expect(saved.locator("option")).toHaveCount(3);
  await other.getByRole("button", { name: ps.delete }).click();
  await confirm.getByRole("button", { name: ps.delete }).click();
  await expect(saved.locator("option")).toHaveText([ps.defaultLabel.replace("{name}", "Fahad"), ps.new]);
  // What was typed stays, as new details.
  await expect(other.getByLabel(guest)).toHaveValue("Lama");

  // Paid in cash from the first tab, then Back and Forward.
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: checkout[locale].customer.continue }).click();
  await chooseMethod(page, locale, checkout[locale].methods.cash.payLater);
  await page.getByRole("button", { name: order[locale].cash.submit.payLater }).click();
  await page.waitForURL(/\/checkout\/done\//);
  const done = page.url();
  const number = await page.getByText(order[locale].done.orderNumber).innerText();

  await page.goBack();
  await expect(page).not.toHaveURL(/\/checkout\/done\//);
  // The sheet, if it reopens, is a fresh cart: nothing to pay, no way to submit the old one again.
  if (await cartDialog(page, locale).isVisible()) {
    await expect(page.getByRole("button", { name: order[locale].cash.submit.payLater })).toHaveCount(0);
    await expect(page.getByText(checkout[locale].summary.continue)).toHaveCount(0);
  }
  await snap(page, info, `twice-back-after-paying-${locale}`);

  await page.goForward();
  await expect(page).toHaveURL(done);
  await expect(page.getByText(order[locale].done.orderNumber)).toHaveText(number);
  await expect(errorToasts(page)).toHaveCount(0);
  await expectInProfile(page, locale, prefix, basket);
});

const LOC = {
  ar: {
    open: LOCATION_BUTTON.ar,
    title: "مواقعك",
    add: "إضافة موقع",
    save: "حفظ الموقع",
    type: "نوع الموقع",
    description: "الوصف",
  },
  en: {
    open: LOCATION_BUTTON.en,
    title: "Your locations",
    add: "Add location",
    save: "Save location",
    type: "Location type",
    description: "Description",
  },
} as const;

test("a code arriving whole and Verify in the same moment, then a location saved with a double tap and again from a second tab: one check, one location", async ({
  page,
  context,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const t = account[locale].signIn;
  const verifies: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/session/otp/verify")) verifies.push(r.method());
  });
  await page.goto(`${prefix}/`);
  await openSignIn(page, locale);
  const national = freshMobile();
  await page.getByRole("dialog", { name: t.title }).getByLabel(t.mobileLabel).fill(national);
  await page.getByRole("button", { name: t.sendCode }).click();
  const codeBox = page.getByRole("textbox", { name: t.codeLabel });
  await expect(codeBox).toBeVisible();
  const code = await latestCode(page, `+966${national}`);
  // Autofill puts the whole code in (which checks it) and the shopper taps Verify in the same task.
  await codeBox.evaluate((input: HTMLInputElement, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.form!.requestSubmit();
  }, code);
  await expect(page.getByRole("dialog", { name: t.codeTitle })).toBeHidden();
  await expect(page.getByRole("button", { name: account[locale].menu.signIn })).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);
  expect(verifies).toEqual(["POST"]);

  // Signed in: a location saved with a double tap, then the same again from a second tab.
  const l = LOC[locale];
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 24.710845, longitude: 46.673693 });

  const save = async (p: Page, tap: "click" | "dblclick") => {
    const sheet = p.getByRole("dialog", { name: l.title });
    await p.getByRole("button", { name: l.open }).first().click();
    await sheet.getByRole("button", { name: l.add }).click();
    await sheet.getByLabel(l.type).selectOption("work");
    await sheet.getByLabel(l.description).fill("King Fahd Rd, tower 2");
    await sheet.getByRole("button", { name: l.save })[tap]();
    await expect(sheet).toBeHidden();
  };
  await save(page, "dblclick");
  const other = await context.newPage();
  await other.goto(`${prefix}/`);
  await save(other, "click");

  await page.getByRole("button", { name: l.open }).first().click();
  await expect(page.getByRole("dialog", { name: l.title }).getByRole("radio")).toHaveCount(1);
  await snap(page, info, `twice-location-${locale}`);
  const saved = await page.evaluate(
    async () => ((await (await fetch("/api/locations")).json()) as { data: unknown[] }).data,
  );
  expect(saved).toHaveLength(1);
});
