import { expect, test } from "./test";
import { addAndCheck, openProduct } from "./cart-support";

// Runs against `npm start` with DATABASE_URL on a fresh PostgreSQL database (only when TEST_DATABASE_URL is set).
test("on PostgreSQL: the demo is seeded, served in Arabic, and the cart works", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await openProduct(page, "/en", "Lavender massage oil");
  const cart = await addAndCheck(page, "en");
  expect(cart.items[0]).toMatchObject({ quantity: 1, product: { name: "Lavender massage oil" } });
  // The sheet was open when the page reloaded: its step is in the address, so it opens again, the cart kept by the server.
  await expect(page).toHaveURL(/#cart/);
  await page.reload();
  await expect(page.getByRole("dialog").getByText("Lavender massage oil")).toBeVisible();
});
