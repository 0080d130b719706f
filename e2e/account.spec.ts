import { answeredConsent, expect, test } from "./test";
import { coffeeUrl, forProject, snap, spaUrl } from "./support";
import { addAndCheck, closeCart, openProduct, platformCart } from "./cart-support";
import { account, errors, freshMobile, latestCode, sessionOf, signInWithSheet, validation } from "./account-support";

// 1×1 PNG and a one-page PDF, made here so that the journey uploads real files of each kind.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test("sign in keeps the guest cart; settings save every field type; logout clears session and cart, and a copy of the session kept from before is signed out too", async ({
  page,
  browser,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const t = account[locale];
  const oil = locale === "ar" ? "زيت مساج باللافندر" : "Lavender massage oil";
  // A guest cart first.
  await openProduct(page, prefix, oil);
  const guestCart = await addAndCheck(page, locale);
  await closeCart(page, locale);

  // Sign in from the header: a wrong code is refused in the shopper's language, then the right one.
  const national = freshMobile();
  await page.getByRole("button", { name: t.menu.signIn }).first().click();
  const sheet = page.getByRole("dialog", { name: t.signIn.title });
  await sheet.getByRole("button", { name: t.signIn.sendCode }).click();
  await expect(sheet.getByText(validation[locale].required)).toBeVisible();
  await sheet.getByLabel(t.signIn.mobileLabel).fill("12345");
  await expect(sheet.getByText(validation[locale].invalid)).toBeVisible();
  await sheet.getByLabel(t.signIn.mobileLabel).fill(national);
  await sheet.getByRole("button", { name: t.signIn.sendCode }).click();
  const codeBox = page.getByRole("textbox", { name: t.signIn.codeLabel });
  await expect(codeBox).toBeVisible();
  const code = await latestCode(page, `+966${national}`);
  await codeBox.fill(code === "000000" ? "111111" : "000000");
  await expect(page.getByText(errors[locale].SP_OtpCodeMismatch)).toBeVisible();
  await snap(page, info, `signin-wrong-code-${locale}`);
  await codeBox.fill(code);
  await expect(page.getByRole("dialog", { name: t.signIn.codeTitle })).toBeHidden();

  // The guest cart is the customer's now, and nothing in it was lost; no token reaches the page.
  const cart = await platformCart(page, locale);
  expect(cart?.id).toBe(guestCart.id);
  expect(cart?.customerId).toBeTruthy();
  expect(cart?.items.map((i) => i.product.name)).toEqual([oil]);
  expect(await page.evaluate(() => document.cookie)).toBe("");

  // The menu offers the three account pages and logout.
  await page.getByRole("button", { name: t.menu.open }).click();
  const menu = page.getByRole("navigation", { name: t.menu.title });
  for (const name of [t.menu.reservations, t.menu.subscriptions, t.menu.accountSettings])
    await expect(menu.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("button", { name: t.menu.signOut })).toBeVisible();
  await snap(page, info, `menu-${locale}`);
  await menu.getByRole("link", { name: t.menu.accountSettings }).click();
  await page.waitForURL(/\/profile\/account-settings$/);

  // Account settings: name, email and every custom field type, including an uploaded image.
  const s = t.settings;
  const label = (ar: string, en: string) => (locale === "ar" ? ar : en);
  const form = page.locator("form").filter({ has: page.getByLabel(s.name) });
  await form.getByLabel(s.name).fill(locale === "ar" ? "سارة القحطاني" : "Sara Q");
  await form.getByLabel(s.email).fill("sara.q@example.com");
  // Another phone number (spec §3 phone_number): a wrong one is said on its field, a landline kept.
  await form.getByLabel(s.phone).fill("12");
  await form.getByRole("button", { name: s.save }).click();
  await expect(form.getByLabel(s.phone)).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel(s.phone).fill(locale === "ar" ? "٠١١ ٢٣٤ ٥٦٧٨" : "011 234 5678");
  await form.getByLabel(label("رقم الهوية الوطنية", "National ID number")).fill("1098765432");
  await form.getByLabel(label("العمر", "Age")).fill("32");
  await form.getByLabel(label("تاريخ الميلاد", "Date of birth")).fill("12/05/1994");
  await form.getByLabel(label("المعالجة المفضلة", "Preferred therapist")).selectOption("huda");
  await form
    .getByLabel(label("صورة الهوية", "ID document"), { exact: true })
    .setInputFiles({ name: "id.pdf", mimeType: "application/pdf", buffer: PDF });
  await form
    .getByLabel(label("الصورة الشخصية", "Profile photo"), { exact: true })
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByRole("img", { name: new RegExp(label("الصورة الشخصية", "Profile photo")) })).toBeVisible();
  await form.getByRole("button", { name: s.save }).click();
  await expect(page.getByText(s.saved)).toBeVisible();
  await page.reload();
  await expect(form.getByLabel(label("العمر", "Age"))).toHaveValue("32");
  await expect(form.getByLabel(label("تاريخ الميلاد", "Date of birth"))).toHaveValue("12/05/1994");
  await expect(form.getByLabel(label("المعالجة المفضلة", "Preferred therapist"))).toHaveValue("huda");
  await expect(form.getByLabel(s.email)).toHaveValue("sara.q@example.com");
  await expect(form.getByLabel(s.phone)).toHaveValue("+966112345678");
  const photo = form.getByRole("img", { name: new RegExp(label("الصورة الشخصية", "Profile photo")) });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await snap(page, info, `account-settings-${locale}`);

  // Logout clears the session and the cart.
  const copied = (await page.context().cookies()).filter((c) => c.name.startsWith("sf_session"));
  expect(copied).toHaveLength(1);
  await page.getByRole("button", { name: t.menu.open }).click();
  await page.getByRole("button", { name: t.menu.signOut }).click();
  await expect(page.getByRole("button", { name: t.menu.signIn }).first()).toBeVisible();
  expect(await sessionOf(page)).toBeNull();
  expect(await platformCart(page, locale)).toBeNull();
  expect((await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith("sf_"))).toEqual([]);

  // The session cookie copied before the logout (another tab's, a thief's) is signed out at once:
  // its access token still had minutes to run, but the platform ended the session.
  const other = await browser.newContext({ baseURL: info.project.use.baseURL });
  await answeredConsent(other);
  await other.addCookies(copied);
  const replay = await other.newPage();
  await replay.goto(`${prefix}/profile/account-settings`);
  expect(await sessionOf(replay)).toBeNull();
  await expect(replay.getByLabel(t.settings.name)).toHaveCount(0);
  await other.close();
});

// The demo customer signs in once per project (the platform allows 3 codes per number in 10 minutes):
// in Arabic on the phone, in English on the desktop.
test("a store selling neither bookings nor subscriptions: its account opens on the orders, with only the tabs it can fill, and its catalogue says what it sells", async ({
  page,
}, info) => {
  // The coffee roaster sells merchandise and gift cards, in Arabic only.
  const t = account.ar.menu;
  await page.goto(coffeeUrl("/profile"));
  await expect(page).toHaveURL(coffeeUrl("/profile/orders"));
  const tabs = page.getByRole("navigation", { name: t.pagesLabel });
  await expect(tabs.getByRole("link")).toHaveText([t.orders, t.giftCards, t.accountSettings]);
  await snap(page, info, "account-tabs-merchandise-only");
  await page.goto(coffeeUrl("/products"));
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description).toMatch(/منتجات/);
  expect(description).not.toMatch(/حجوزات|اشتراكات/);
});

test("the demo customer sees bookings and subscriptions after signing in from the page", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const t = account[locale];
  await page.goto(spaUrl(`${prefix}/profile/reservations`));
  await page.getByRole("main").getByRole("button", { name: t.gate.signIn }).click();
  await signInWithSheet(page, locale, "500000001");
  await expect(page.getByRole("heading", { name: t.reservations.upcoming })).toBeVisible();
  await expect(
    page.getByText(locale === "ar" ? "استراحة الرمال — بالليلة" : "Rimal resthouse — by the night").first(),
  ).toBeVisible();
  await expect(page.getByText(new RegExp(locale === "ar" ? "ليلتان" : "2 nights")).first()).toBeVisible();
  await snap(page, info, `reservations-${locale}`);
  await page.getByRole("link", { name: t.menu.subscriptions }).first().click();
  await page.waitForURL(/\/profile\/subscriptions$/);
  await expect(page.getByText(locale === "ar" ? "عضوية شهرية" : "Monthly membership")).toBeVisible();
  await expect(page.getByText(locale === "ar" ? /٧.*١٠/ : /7 of 10/)).toBeVisible();
  await snap(page, info, `subscriptions-${locale}`);
});

test("five wrong tries spend the code: the message says so, the code box is off and the countdown says when a new code can be asked for", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const t = account[locale].signIn;
  const national = freshMobile();
  await page.goto(`${prefix}/`);
  await page.getByRole("button", { name: account[locale].menu.signIn }).first().click();
  await page.getByRole("dialog", { name: t.title }).getByLabel(t.mobileLabel).fill(national);
  await page.getByRole("button", { name: t.sendCode }).click();
  const codeBox = page.getByRole("textbox", { name: t.codeLabel });
  await expect(codeBox).toBeVisible();
  const code = await latestCode(page, `+966${national}`);
  const wrong = code === "000000" ? "111111" : "000000";
  for (let i = 4; i >= 1; i--) {
    await codeBox.fill(wrong);
    await expect(page.getByText(errors[locale].SP_OtpCodeMismatch)).toBeVisible();
    await codeBox.fill("");
  }
  await codeBox.fill(wrong);
  // The code is spent, not the number locked: a new code in a minute (the platform's cool-down).
  await expect(page.getByText(t.codeSpent)).toBeVisible();
  await expect(page.getByText(t.resendIn.split("<time>")[0].trim())).toContainText(
    locale === "ar" ? /[٠١]:[٠-٩]{2}/ : /[01]:\d{2}/,
  );
  await expect(page.getByRole("button", { name: t.resend })).toHaveCount(0);
  await expect(codeBox).toBeDisabled();
  await expect(page.getByRole("button", { name: t.verify })).toBeDisabled();
  await snap(page, info, `signin-code-spent-${locale}`);
});
