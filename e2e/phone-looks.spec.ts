import { expect, test, type Locator, type Page } from "./test";
import { forProject, messagesByLocale } from "./support";
import { addButton, cartDialog, messages } from "./cart-support";
import { account } from "./account-support";
import { checkout, fillSpaDetails, order, signInInSheet } from "./checkout-support";
import { NAMES } from "./payments-support";

/**
 * How the store looks on a phone, in Arabic (only the phone project runs this file: playwright.config.ts), where the room is tightest: what
 * is written is read whole, nothing covers what the shopper reads next, and nothing depends on
 * fonts a phone may lack.
 */

const common = messagesByLocale<typeof import("@/messages/en/common.json")>("common");

/** Text cut short (an ellipsis, lines clamped) or sliced by its box: its content overflows it. */
const overflow = (el: Locator) =>
  el.evaluate((e) => ({ x: e.scrollWidth - e.clientWidth, y: e.scrollHeight - e.clientHeight }));

/** A toast on screen ends above the open sheet's title: the title and the line under it stay in sight. */
async function expectToastAboveTitle(page: Page, toastText: string, title: Locator) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: toastText });
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => {
      const [t, h] = await Promise.all([toast.boundingBox(), title.boundingBox()]);
      return t && h ? Math.round(h.y - (t.y + t.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);
}

test("the consent banner is one compact row and the store's name is whole in the header", async ({ browser }) => {
  // A browser that has not answered the banner yet.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL: test.info().project.use.baseURL,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto("/");
  const banner = page.getByRole("region", { name: common.ar.consent.label });
  await expect(banner).toBeVisible();
  const box = (await banner.boundingBox())!;
  expect(box.height / 844, "the share of the screen the banner covers").toBeLessThanOrEqual(0.1);
  await expect(banner.getByRole("button", { name: common.ar.consent.accept })).toBeVisible();

  const name = page.locator("[data-site-header] a span[dir=auto]").first();
  await expect(name).toHaveText("Rimal Wellness");
  expect(await overflow(name)).toEqual({ x: 0, y: 0 });
  await context.close();
});

test("toasts keep clear of the sheet's title; drawn flags; a day field in Arabic; the card name's example whole", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const sheetTitle = page.getByRole("dialog").getByRole("heading", { name: messages[locale].cart.sheet.title });

  await page.goto(`${prefix}/products`);
  const salts = page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: "أملاح استحمام بالورد", exact: true }) })
    .first();
  await page.goto((await salts.getAttribute("href"))!);
  await addButton(page, locale).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await expectToastAboveTitle(page, messages[locale].cart.toast.added, sheetTitle);

  // The country picker's face shows a drawn flag, not regional-indicator letters.
  await page.getByRole("button", { name: c.summary.continue }).click();
  const country = page.getByRole("combobox", { name: account[locale].signIn.countryLabel });
  await expect(country).toHaveValue("SA");
  const face = country.locator("xpath=following-sibling::*[1]");
  await expect(face.locator('svg[data-flag="SA"]')).toBeVisible();
  expect(await face.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  expect(await country.locator("option").allTextContents()).not.toContainEqual(
    expect.stringMatching(/[\u{1F1E6}-\u{1F1FF}]/u),
  );

  await signInInSheet(page, locale);
  await expectToastAboveTitle(page, account[locale].signIn.welcome, sheetTitle);

  // The store's date field shows its mask in the page's language, and takes a day typed day first.
  const birth = page.getByLabel("تاريخ الميلاد");
  await expect(birth).toHaveAttribute("type", "text");
  await expect(birth).toHaveAttribute("placeholder", common.ar.date.placeholder);
  await birth.fill("٢٥/١٢/١٩٩٠");
  await fillSpaDetails(page, locale, NAMES[locale].shopper);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: c.customer.continue }).click();
  await page.getByRole("radio", { name: c.methods.card }).check();
  await page.getByRole("button", { name: c.methods.continue }).click();

  // The card name's example ("SARA AL-QAHTANI") is on one line.
  const hint = page.getByText(/SARA/);
  await expect(hint).toBeVisible();
  const lines = await hint.evaluate((el) => {
    const node = [...el.childNodes].find((n) => n.textContent?.includes("SARA"))!;
    const text = node.textContent!;
    const range = document.createRange();
    range.setStart(node, text.indexOf("SARA"));
    range.setEnd(node, text.indexOf("QAHTANI") + "QAHTANI".length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines, "lines the example is written on").toBe(1);
  expect(order[locale].card.nameHint).toContain("SARA");
});

test("the quantity field shows a solid focus ring, as its buttons do", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await page.goto(`${prefix}/products`);
  const salts = page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: "أملاح استحمام بالورد", exact: true }) })
    .first();
  await page.goto((await salts.getAttribute("href"))!);
  const field = page.getByLabel(messages[locale].product.widget.quantity, { exact: true });
  // A text field matches :focus-visible however it gets the focus (again if hydration took it away).
  await expect(async () => {
    await field.click();
    await expect(field).toBeFocused({ timeout: 1000 });
  }).toPass();
  expect(await field.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
  const indicator = await field.evaluate(async (el) => {
    const pill = el.parentElement!;
    await Promise.all(pill.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const s = getComputedStyle(pill);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
  });
  expect(indicator.style).toBe("solid");
  expect(indicator.width).toBeGreaterThanOrEqual(2);
  expect(indicator.color, "an opaque outline").not.toMatch(/[,/]\s*0(\.\d+)?\)$/);
});

test("the announcement's moving words fade at the banner's edges rather than being sliced", async ({ page }, info) => {
  const { prefix } = forProject(info.project.name);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto(prefix || "/");
  const box = page
    .getByRole("complementary")
    .locator("p")
    .filter({ has: page.locator("span") })
    .first();
  await expect(box).toBeVisible();
  expect(await box.evaluate((el) => getComputedStyle(el).maskImage)).toMatch(/linear-gradient/);
});
