import { expect, test } from "./test";
import { forProject, serverPort } from "./support";
import { openProduct } from "./cart-support";

/**
 * Real shoppers' Web Vitals (docs/behaviour.md, "Web Vitals"): a product page loaded in a real
 * browser (Arabic on the phone, English on the desktop) sends its vitals in one beacon when the
 * shopper leaves it, and the owner's report (`npm run tenant -- vitals`, here through the
 * browser-test server's operator route) shows them.
 */
test("a product page's load posts its vitals when the shopper leaves, and the owner's report shows them", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const device = info.project.name === "phone" ? "phone" : "desktop";
  await openProduct(page, prefix, locale === "ar" ? "زيت مساج باللافندر" : "Lavender massage oil");
  // A fresh load of the product page, the landing of a shopper from an ad.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The vitals' code comes after the load event and an idle moment, on its own.
  await page.waitForFunction(() => (window as unknown as { __sfVitals?: boolean }).__sfVitals === true, null, {
    timeout: 15_000,
  });
  // A tap that changes nothing (an interaction for INP).
  await page.getByRole("heading", { level: 1 }).click();

  // The shopper leaves: the page is hidden and its one beacon goes (sendBeacon outlives the page;
  // Playwright does not report a request of a page being left, so the server's count is asserted).
  await page.goto(`${prefix}/`);

  // The owner's report, as the CLI prints it: the product page on this device and language, with
  // the load's metrics (the beacon's page type, device class, language and values, kept).
  const rowsOf = (text: string) =>
    text.split("\n").filter((l) => /^product\s/.test(l) && l.includes(` ${device} `) && l.includes(` ${locale} `));
  let rows: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.post(`http://127.0.0.1:${serverPort()}/sandbox/operator/vitals`, {
          data: { tenant: "spa", days: 1 },
        });
        rows = rowsOf(((await res.json()) as { data: { text: string } }).data.text);
        return ["FCP", "LCP", "TTFB"].every((m) => rows.some((l) => l.includes(` ${m} `)));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const lcp = rows.find((l) => l.includes(" LCP "))!;
  expect(lcp).toMatch(/\d+\.\d\d s\s+(good|needs improvement|poor)\s+\d+$/);
});
