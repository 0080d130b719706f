import { expect, test, type Page } from "../test";
import { forProject, messagesByLocale, snap } from "../support";
import {
  addButton,
  cartButton,
  cartDialog,
  dayAhead,
  messages,
  openProduct,
  pickDay,
  platformCart,
} from "../cart-support";
import { checkout, order, signInInSheet } from "../checkout-support";
import {
  CARDS,
  checkoutTo,
  expectInProfile,
  expectPaidOrder,
  fillBasket,
  fillCard,
  NAMES,
  payButton,
  resumeCheckoutTo,
} from "../payments-support";

/**
 * Shoppers act twice: a double tap, a triple tap on a slow button, a 3-D Secure page left open in
 * one tab while paying again from another. Each journey asserts one effect — one line, one order,
 * one charge kept — in Arabic on the phone and English on the desktop (and on PostgreSQL).
 */
const dayFor = (name: string, base: number) => base + (name === "phone" ? 0 : name === "desktop" ? 1 : 2);

const common = messagesByLocale<typeof import("@/messages/en/common.json")>("common");

const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

const SALTS = { ar: "أملاح استحمام بالورد", en: "Rose bath salts" } as const;

test("a double tap on Add to cart adds once: a massage for one person at one price, a jar of salts once", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await openProduct(page, prefix, NAMES[locale].massage);
  await pickDay(page, locale, dayAhead(dayFor(info.project.name, 21)));
  await page
    .getByRole("group", { name: messages[locale].product.widget.time })
    .locator("input[type=radio]:not([disabled])")
    .first()
    .check();
  await addButton(page, locale).dblclick();
  await expect(cartDialog(page, locale)).toBeVisible();
  let cart = (await platformCart(page, locale))!;
  expect(cart.cartItems).toHaveLength(1);
  expect(cart.cartItems[0].quantity).toBe(1);
  const onePerson = cart.totalAmount;
  await page.keyboard.press("Escape");

  await openProduct(page, prefix, SALTS[locale]);
  await addButton(page, locale).dblclick();
  await expect(cartDialog(page, locale)).toBeVisible();
  cart = (await platformCart(page, locale))!;
  expect(cart.cartItems).toHaveLength(2);
  expect(cart.cartItems.find((i) => i.product.name === SALTS[locale])?.quantity).toBe(1);
  expect(cart.totalAmount).toBeGreaterThan(onePerson);
  await snap(page, info, `double-tap-cart-${locale}`);
  await expect(errorToasts(page)).toHaveCount(0);
});

test("cash confirmed with a triple tap: one order, the done page without an error, the subscription listed once", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const basket = { kind: "membership", day: dayFor(info.project.name, 24) } as const;
  await fillBasket(page, locale, prefix, basket);
  await checkoutTo(page, locale, checkout[locale].methods.cash.cashOnDelivery);
  await page.getByRole("button", { name: order[locale].cash.submit.cashOnDelivery }).click({ clickCount: 3 });
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(order[locale].done.orderNumber)).toHaveCount(1);
  await expect(errorToasts(page)).toHaveCount(0);
  await snap(page, info, `double-tap-cash-done-${locale}`);
  await expectInProfile(page, locale, prefix, basket);
});

test("card: a 3-D Secure page left open, paid again after Back; finishing the first page later refunds it and the done page says so", async ({
  page,
  context,
}, info) => {
  // Two payments (or a whole checkout twice over) through the sandbox: ~50 s alone, more beside other journeys.
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  await fillBasket(page, locale, prefix, { kind: "massage", day: dayFor(info.project.name, 27) });
  await checkoutTo(page, locale, c.methods.card);
  await fillCard(page, locale, CARDS.visa3ds, "Reem Al-Otaibi");
  await payButton(page, locale).click();
  await page.waitForURL(/\/sandbox\/moyasar\/3ds\//);
  const abandoned = page.url();

  // Back to the store without finishing 3-D Secure, and pay again with another card.
  await page.goBack();
  await page.goto(`${prefix}/products`);
  await cartButton(page, locale).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await resumeCheckoutTo(page, locale, c.methods.card);
  await fillCard(page, locale, CARDS.mada3ds, "Reem Al-Otaibi");
  await payButton(page, locale).dblclick();
  await page.waitForURL(/\/sandbox\/moyasar\/3ds\//);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectPaidOrder(page, locale, "card");

  // The first tab's page, finished after the order was paid: that money comes back by itself.
  const other = await context.newPage();
  await other.goto(abandoned);
  await other.getByRole("button", { name: "Authenticate" }).click();
  await other.waitForURL(/\/checkout\/done\//);
  const [before] = order[locale].done.duplicateRefunded.split("{amount}");
  await expect(other.getByRole("status").filter({ hasText: before.trim() })).toBeVisible();
  await expect(other.getByText(order[locale].done.orderNumber)).toHaveCount(1);
  await snap(other, info, `double-pay-refunded-${locale}`);
  // The sandbox's ledger: the first payment refunded in full.
  const ref = new URL(abandoned).pathname.split("/").pop()!;
  const ledger = await other.evaluate(async (id) => {
    const res = await fetch(`/sandbox/moyasar/v1/payments/${id}`, {
      headers: { authorization: `Basic ${btoa("sk_test_rimal_sandbox:")}` },
    });
    return (await res.json()) as { status: string; amount: number; refunded: number };
  }, ref);
  expect(ledger.status).toBe("refunded");
  expect(ledger.refunded).toBe(ledger.amount);
});

test("Tabby tapped three times opens one Tabby session", async ({ page }, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await fillBasket(page, locale, prefix, { kind: "membership", day: dayFor(info.project.name, 30) });
  await checkoutTo(page, locale, checkout[locale].methods.tabby);
  const starts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/checkout/pay/tabby")
      starts.push(req.headers()["idempotency-key"] ?? "");
  });
  const go = page.getByRole("button", { name: locale === "ar" ? "المتابعة إلى تابي" : "Continue to Tabby" });
  await expect(go).toBeEnabled();
  await go.click({ clickCount: 3 });
  await page.waitForURL(/\/sandbox\/tabby\//);
  expect(starts).toHaveLength(1);
  expect(starts[0]).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Approve" }).click();
  await expectPaidOrder(page, locale, "tabby");
});

test("a language switch in the middle of checkout keeps the step, what was typed and the chosen method; the order is placed once", async ({
  page,
}, info) => {
  // Two payments (or a whole checkout twice over) through the sandbox: ~50 s alone, more beside other journeys.
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  const other = locale === "ar" ? ({ locale: "en", prefix: "/en" } as const) : ({ locale: "ar", prefix: "" } as const);
  const c = checkout[locale];
  await fillBasket(page, locale, prefix, { kind: "membership", day: dayFor(info.project.name, 33) });
  await page.getByRole("button", { name: c.summary.continue }).click();
  await signInInSheet(page, locale);
  await page.getByLabel(c.customer.name).fill(NAMES[locale].shopper);

  // Switched from inside the sheet, before Continue: the other language, the same step, the same name.
  const sheetSwitch = cartDialog(page, locale).getByRole("link", { name: common[locale].language.switchTo });
  await sheetSwitch.click();
  await page.waitForURL((url) => url.pathname.startsWith(other.prefix || "/") && url.hash === "#cart/customer-info");
  const o = checkout[other.locale];
  await expect(cartDialog(page, other.locale)).toBeVisible();
  await expect(page.getByLabel(o.customer.name)).toHaveValue(NAMES[locale].shopper);
  await snap(page, info, `double-language-customer-${other.locale}`);
  await page.getByLabel(other.locale === "ar" ? "رقم الهوية الوطنية" : "National ID number").fill("1012345678");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: o.customer.continue }).click();
  await page.getByRole("radio", { name: o.methods.cash.cashOnDelivery }).check();
  await page.getByRole("button", { name: o.methods.continue }).click();
  await expect(page.getByRole("button", { name: order[other.locale].cash.submit.cashOnDelivery })).toBeVisible();

  // And back again at the payment step: still the payment step, cash still chosen.
  await cartDialog(page, other.locale).getByRole("link", { name: common[other.locale].language.switchTo }).click();
  await page.waitForURL((url) => url.hash === "#cart/payment");
  await expect(cartDialog(page, locale)).toBeVisible();
  await page.getByRole("button", { name: order[locale].cash.submit.cashOnDelivery }).click({ clickCount: 2 });
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByText(order[locale].done.orderNumber)).toHaveCount(1);
  await expect(errorToasts(page)).toHaveCount(0);
});
