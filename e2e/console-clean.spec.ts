import { expect, test, type Page } from "./test";
import { forProject } from "./support";
import { addAndCheck, closeCart, dayAhead, messages, pickDay } from "./cart-support";
import { checkout, fillSpaDetails, order, signInInSheet } from "./checkout-support";
import { fakeApplePay, NAMES } from "./payments-support";

/**
 * What the browser's console shows a developer on the way through a checkout: no request refused
 * (4xx) and no resource blocked by the page's own policy. Each is a defect a shopper never sees but
 * every support session starts by reading.
 */

type Problem = { what: string; at: string };

/** Collects refused requests and blocked resources from now on. */
function watch(page: Page): Problem[] {
  const problems: Problem[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400 && r.status() < 500)
      problems.push({ what: `${r.status()} ${r.request().method()}`, at: r.url() });
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|status of 4\d\d/.test(m.text()))
      problems.push({ what: "console", at: m.text() });
  });
  return problems;
}

test("no request refused after signing in in the sheet, nor on the done page", async ({ page }, info) => {
  test.setTimeout(90_000);
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const o = order[locale];
  const w = messages[locale].product.widget;
  await fakeApplePay(page, "approve");
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: 24.710845, longitude: 46.673693 });
  const day = dayAhead(info.project.name === "phone" ? 26 : 27);

  await page.goto(`${prefix}/products`);
  const href = (name: string) =>
    page
      .getByRole("link")
      .filter({ has: page.getByRole("heading", { name, exact: true }) })
      .first()
      .getAttribute("href");
  const massage = (await href(NAMES[locale].massage))!;
  const membership = (await href(NAMES[locale].membership))!;
  await page.goto(massage);
  await pickDay(page, locale, day);
  await page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first().check();
  await addAndCheck(page, locale);
  await closeCart(page, locale);
  await page.goto(membership);
  await pickDay(page, locale, day);
  await addAndCheck(page, locale);
  await page.getByRole("button", { name: c.summary.continue }).click();

  const afterSignIn = watch(page);
  await signInInSheet(page, locale);
  await expect(page.getByLabel(c.customer.name)).toBeVisible();
  await fillSpaDetails(page, locale, NAMES[locale].shopper);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: c.customer.continue }).click();
  await page.getByRole("radio", { name: c.methods.cash.cashOnDelivery }).check();
  await page.getByRole("button", { name: c.methods.continue }).click();
  // Quiet for a moment: what the sheet fetches once it has settled counts too.
  await page.waitForLoadState("networkidle");
  expect(afterSignIn, "requests refused after signing in").toEqual([]);

  await page.getByRole("button", { name: o.cash.submit.cashOnDelivery }).click();
  await page.waitForURL(/\/checkout\/done\//);
  const onDone = watch(page);
  await page.reload();
  await expect(page.getByText(o.done.status.payOnSite, { exact: true }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...afterSignIn, ...onDone], "requests refused on the done page").toEqual([]);
});

test("the store on the bare loopback host loads its own logo", async ({ page }, info) => {
  const { prefix } = forProject(info.project.name);
  const problems = watch(page);
  const origin = new URL(test.info().project.use.baseURL!);
  await page.goto(`http://localhost:${origin.port}${prefix}/`);
  const logo = page.locator("[data-site-header] img").first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});
