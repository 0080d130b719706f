import { expect, test, type Page } from "./test";
import { account, freshMobile } from "./account-support";
import {
  addAndCheck,
  cartButton,
  closeCart,
  dayAhead,
  messages,
  openProduct,
  pickDay,
  type Locale,
} from "./cart-support";
import { checkout, chooseMethod, order } from "./checkout-support";
import { CARDS, checkoutToMethods, fillCard, NAMES, payButton, recordSpaPayment } from "./payments-support";
import { forProject, snap } from "./support";
import { formatSar } from "@/lib/money";

/**
 * Gift cards that arrive and are spent: a gift paid for becomes a card texted to its recipient
 * (the message links to the card's page), and its code pays part of an order at checkout, a bank
 * card paying the rest. The recipient's message is sent by the outbox's worker: these journeys read
 * it from the sandbox's SMS outbox, as a recipient's phone would.
 */

const GIFT = { ar: "بطاقة هدية", en: "Gift card" } as const;

/** The newest text message to a number, read as the page (the runner cannot resolve tenant hosts). */
async function latestText(page: Page, e164: string, contains: string): Promise<string> {
  let text: string | null = null;
  await expect
    .poll(
      async () => {
        text = await page.evaluate(async (to) => {
          const res = await fetch(`/sandbox/sms/latest?to=${encodeURIComponent(to)}`);
          return res.ok ? ((await res.json()) as { text: string }).text : null;
        }, e164);
        return text?.includes(contains) ?? false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return text!;
}

/** Buys a 200 SAR gift for `recipient` (a national number) with cash, and the store records the cash. */
async function buyGift(page: Page, locale: Locale, prefix: string, recipient: string, shot?: string) {
  const w = messages[locale].product.widget;
  const c = checkout[locale];
  await openProduct(page, prefix, GIFT[locale]);
  await page.getByLabel(w.toName).fill(locale === "ar" ? "سارة" : "Sara");
  await page.getByLabel(w.showMyName).check();
  await page.getByLabel(w.fromName).fill(locale === "ar" ? "علي" : "Ali");
  await page
    .getByLabel(w.toMobile)
    .fill(locale === "ar" ? recipient.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[+d]) : recipient);
  if (shot) await snap(page, test.info(), shot);
  const cart = await addAndCheck(page, locale);
  expect(cart.items[0].giftDetails).toMatchObject({ toMobile: `+966${recipient}` });
  // A gift card is sold at its face value: no VAT on it.
  expect(cart).toMatchObject({ totalAmount: 200, taxAmount: 0 });
  // Checkout from the home page: the widget's recipient number would be a second "mobile number" field.
  await page.goto(prefix || "/");
  await cartButton(page, locale).click();
  await checkoutToMethods(page, locale);
  await chooseMethod(page, locale, c.methods.cash.cashOnDelivery);
  await page.getByRole("button", { name: order[locale].cash.submit.cashOnDelivery }).click();
  await page.waitForURL(/\/checkout\/done\//);
  const orderNumber = (await page.getByTestId("order-number").innerText()).trim();
  await recordSpaPayment(orderNumber);
}

/** The card's page from the recipient's latest text message, opened on this server. */
async function openGiftLink(page: Page, recipient: string, prefix: string): Promise<{ text: string; path: string }> {
  const text = await latestText(page, `+966${recipient}`, "/gift/");
  // The message is in the store's language (Arabic); the journey reads the page in its own.
  const token = /https?:\/\/\S+\/gift\/([\w-]+)/.exec(text)![1];
  const path = `${prefix}/gift/${token}`;
  await page.goto(path);
  return { text, path };
}

test("a paid gift with a recipient's number is texted to them; its link opens the card", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const g = order[locale].giftCard;
  const recipient = freshMobile();
  await buyGift(page, locale, prefix, recipient, `gift-widget-${locale}`);

  const { text } = await openGiftLink(page, recipient, prefix);
  expect(text).toContain(locale === "ar" ? "علي" : "Ali");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    g.title.replace("{name}", locale === "ar" ? "سارة" : "Sara"),
  );
  await expect(page.locator("[data-gift-code]")).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.locator("[data-gift-balance]")).toContainText(formatSar(200, locale));
  await expect(page.getByRole("button", { name: g.use })).toBeVisible();
  // Never in a search index.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await snap(page, info, `gift-page-${locale}`);

  // A token nobody was given is the store's 404 page.
  const missing = await page.goto(`${prefix}/gift/${"x".repeat(24)}`);
  expect(missing?.status()).toBe(404);
});

test("the card's code pays 200 of a massage and a bank card the rest; cancelled, the 200 go back to the card", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const g = order[locale].giftCard;
  const c = checkout[locale];
  const recipient = freshMobile();
  await buyGift(page, locale, prefix, recipient);
  await page.context().clearCookies();
  const card = await openGiftLink(page, recipient, prefix);
  const code = (await page.locator("[data-gift-code]").innerText()).trim();

  // "Use it": the code waits for the checkout; the recipient books a massage.
  await page.getByRole("button", { name: g.use }).click();
  await page.waitForURL((url) => !url.pathname.includes("/gift/"));
  await openProduct(page, prefix, NAMES[locale].massage);
  await pickDay(page, locale, dayAhead(info.project.name === "phone" ? 9 : 10));
  const w = messages[locale].product.widget;
  await page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first().check();
  const cart = await addAndCheck(page, locale);
  // Signed in with the recipient's own number: the card is theirs in the profile too.
  await checkoutToMethods(page, locale, recipient);
  const status = page.getByRole("status").filter({ hasText: locale === "ar" ? "تدفع البطاقة" : "The card pays" });
  await expect(status).toBeVisible();
  await expect(page.getByLabel(c.giftCard.label)).toHaveValue(code);
  // What the bank card pays: the rest after the gift card.
  await expect(page.getByText(formatSar(cart.totalAmount - 200, locale)).first()).toBeVisible();
  await snap(page, info, `gift-checkout-${locale}`);
  await chooseMethod(page, locale, c.methods.card);
  await fillCard(page, locale, CARDS.visa3ds);
  await payButton(page, locale).click();
  await page.waitForURL(/\/sandbox\/moyasar\//);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByText(order[locale].done.status.paid, { exact: true }).first()).toBeVisible();

  // The profile lists the card, spent.
  await page.goto(`${prefix}/profile/gift-cards`);
  const row = page.locator("[data-gift-card-row]").filter({ hasText: code });
  await expect(row).toBeVisible();

  // Cancelled: the card's part goes back to the card, the rest to the bank card.
  await closeCartIfOpen(page, locale);
  await page.goto(`${prefix}/profile/orders`);
  await page
    .getByRole("link", { name: new RegExp(NAMES[locale].massage) })
    .first()
    .click();
  const o = order[locale];
  await page.getByRole("button", { name: o.cancel.action }).click();
  await page.getByRole("button", { name: o.cancel.confirm }).dblclick();
  await expect(page.getByTestId("line-cancelled")).toHaveText(o.cancel.cancelled);
  // The 200 back on the card, once, whatever the double tap.
  await page.goto(card.path);
  await expect(page.locator("[data-gift-balance]")).toContainText(formatSar(200, locale));
  await page.goto(`${prefix}/profile/gift-cards`);
  const history = page.locator("[data-gift-card-row]").filter({ hasText: code });
  await history.getByText(account[locale].giftCards.history).click();
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await snap(page, info, `gift-profile-${locale}`);
});

async function closeCartIfOpen(page: Page, locale: Locale) {
  if ((await page.getByRole("dialog").count()) > 0) await closeCart(page, locale);
}
