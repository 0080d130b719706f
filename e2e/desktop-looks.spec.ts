import { expect, test } from "./test";
import { forProject } from "./support";
import { NAMES } from "./payments-support";

/** How a product page looks on a desktop, in English (only the desktop project runs this file: playwright.config.ts). */

test("a product page: the description follows the facts; the share image's words carry the riyal sign", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  await page.goto(`${prefix}/products`);
  const link = page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: NAMES[locale].massage, exact: true }) })
    .first();
  await page.goto((await link.getAttribute("href"))!);
  // Measured as the page arrives, before the pay-later widgets are drawn in the slots kept for them.
  const facts = page.getByRole("heading", { level: 1 }).locator("xpath=..");
  const description = page.getByText("An aromatic oil massage with a professional therapist.");
  const [f, d] = [(await facts.boundingBox())!, (await description.boundingBox())!];
  expect(Math.round(d.y - (f.y + f.height)), "px between the facts and the description").toBeLessThanOrEqual(32);

  const alt = await page.locator('meta[property="og:image:alt"]').getAttribute("content");
  expect(alt).toContain("\u20C1");
  expect(alt).not.toContain("SAR");
});
