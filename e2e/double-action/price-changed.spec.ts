import { expect, test, type Page } from "../test";
import { forProject, snap } from "../support";
import { addButton, cartDialog, openProduct, platformCart, type Locale } from "../cart-support";
import { checkout, order } from "../checkout-support";
import { CARDS, checkoutTo, errorTexts, fillCard, payButton } from "../payments-support";
import { formatSar } from "@/lib/money";

/**
 * The total changes in a second tab while the first shows the card form: Pay there is refused
 * (SP:CartTotalChanged) before anything is charged, the form then shows the new total, and the
 * shopper pays that one — also after a failed payment, when "Try again" on the done page reopens
 * the card form. In Arabic on the phone and English on the desktop (and on PostgreSQL).
 */
const SALTS = { ar: "أملاح استحمام بالورد", en: "Rose bath salts" } as const;

/** The card form's Pay button as it reads for `amount` (SAR). */
const payFor = (page: Page, locale: Locale, amount: number) =>
  expect(payButton(page, locale)).toHaveText(order[locale].card.pay.replace("{amount}", formatSar(amount, locale)));

/** The second tab's add: one more jar into the same cart (the cookie's); answers the cart's new total. */
async function addJar(other: Page, locale: Locale, prefix: string): Promise<number> {
  await openProduct(other, prefix, SALTS[locale]);
  await addButton(other, locale).click();
  await expect(cartDialog(other, locale)).toBeVisible();
  return (await platformCart(other, locale))!.totalAmount;
}

/** The cart's payments in the Moyasar sandbox's ledger (newest first): the money asked of a card. */
const moyasarPaymentsOf = (page: Page, cartId: string) =>
  page.evaluate(async (id) => {
    const res = await fetch("/sandbox/moyasar/v1/payments?per=100", {
      headers: { authorization: `Basic ${btoa("sk_test_rimal_sandbox:")}` },
    });
    const body = (await res.json()) as {
      payments: { amount: number; status: string; metadata?: { cart_id?: string } }[];
    };
    return body.payments.filter((p) => p.metadata?.cart_id === id).map((p) => ({ amount: p.amount, status: p.status }));
  }, cartId);

/** Pay, refused because the cart's total is no longer the one on the button: the toast, no provider page, no payment. */
async function expectRefusedForNewTotal(page: Page, locale: Locale) {
  const start = page.waitForResponse(
    (res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/api/checkout/pay/moyasar",
  );
  await payButton(page, locale).click();
  expect((await start).status()).toBe(409);
  await expect(
    page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: errorTexts[locale].SP_CartTotalChanged }),
  ).not.toHaveCount(0);
  await expect(page).not.toHaveURL(/\/sandbox\//);
}

test("card: a jar added in a second tab while the form reads one jar's total: Pay is refused, nothing charged, the new total shown and paid; the same after Try again", async ({
  page,
  context,
}, info) => {
  // Two tabs, a failed and a paid 3-D Secure: ~60 s alone, more beside other journeys.
  test.setTimeout(150_000);
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  await openProduct(page, prefix, SALTS[locale]);
  await addButton(page, locale).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  const cart = (await platformCart(page, locale))!;
  await checkoutTo(page, locale, c.methods.card);
  await payFor(page, locale, cart.totalAmount);

  // Another tab, the same cart: a second jar.
  const other = await context.newPage();
  const twoJars = await addJar(other, locale, prefix);
  expect(twoJars).toBeCloseTo(cart.totalAmount * 2, 2);

  // Pay in the first tab, which still reads one jar: refused before any provider call, then the new total.
  await fillCard(page, locale, CARDS.visa3ds);
  await expectRefusedForNewTotal(page, locale);
  await payFor(page, locale, twoJars);
  await snap(page, info, `price-changed-card-${locale}`);
  expect(await moyasarPaymentsOf(page, cart.id)).toEqual([]);
  expect(await platformCart(page, locale)).toMatchObject({ id: cart.id, status: "active", totalAmount: twoJars });

  // Asked again, for the total on screen: that is what 3-D Secure asks, here failed.
  await fillCard(page, locale, CARDS.visa3ds);
  await payButton(page, locale).click();
  await page.waitForURL(/\/sandbox\/moyasar\/3ds\//);
  await expect(page.getByText(`${twoJars.toFixed(2)} SAR`)).toBeVisible();
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await page.waitForURL(/\/checkout\/done\//);

  // Pay again from the done page: the form reads two jars; a third is added in the other tab.
  await page.getByRole("button", { name: order[locale].done.failed.retry }).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await payFor(page, locale, twoJars);
  const threeJars = await addJar(other, locale, prefix);
  await fillCard(page, locale, CARDS.visa3ds);
  await expectRefusedForNewTotal(page, locale);
  await payFor(page, locale, threeJars);
  expect(await moyasarPaymentsOf(page, cart.id)).toEqual([{ amount: Math.round(twoJars * 100), status: "failed" }]);

  // Paid for what the button says.
  await fillCard(page, locale, CARDS.visa3ds);
  await payButton(page, locale).click();
  await page.waitForURL(/\/sandbox\/moyasar\/3ds\//);
  await expect(page.getByText(`${threeJars.toFixed(2)} SAR`)).toBeVisible();
  await page.getByRole("button", { name: "Authenticate" }).click();
  await page.waitForURL(/\/checkout\/done\//);
  await expect(page.getByText(order[locale].done.orderNumber)).toHaveCount(1);
  expect(await moyasarPaymentsOf(page, cart.id)).toEqual([
    { amount: Math.round(threeJars * 100), status: "paid" },
    { amount: Math.round(twoJars * 100), status: "failed" },
  ]);
});
