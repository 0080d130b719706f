import { expect, test, type Page } from "./test";
import { coffeeUrl, forProject, messagesByLocale, snap, spaUrl } from "./support";
import { addButton, cartDialog, openProduct, type Locale } from "./cart-support";
import { checkout, order, signInInSheet } from "./checkout-support";
import { journal, journalPixels, stubPixels } from "./pixels-support";
import { COFFEE_ROASTERY } from "@/platform/seed/demo-delivery";
import type { CartDto } from "@/contract/dto/cart";

/**
 * Delivery or pickup of merchandise: coffee delivers within 30 km of its roastery for 15 SAR (before
 * VAT) and offers pickup there; spa's merchandise is collected at a branch. The browser's position
 * is a few kilometres from the roastery, so a location saved from it is in range.
 */

const NEAR = { latitude: COFFEE_ROASTERY.latitude + 0.03, longitude: COFFEE_ROASTERY.longitude + 0.01 };
const LOCATIONS = {
  ar: {
    title: "مواقعك",
    add: "إضافة موقع",
    save: "حفظ الموقع",
    type: "نوع الموقع",
    description: "الوصف",
    home: "المنزل",
  },
  en: {
    title: "Your locations",
    add: "Add location",
    save: "Save location",
    type: "Location type",
    description: "Description",
    home: "Home",
  },
} as const;

const common = messagesByLocale<typeof import("@/messages/en/common.json")>("common");

const section = (page: Page, locale: Locale) => page.getByRole("region", { name: checkout[locale].fulfilment.title });

/** Saves a home location from the map sheet the checkout opens; saving selects it and closes the sheet. */
async function saveHomeFromCheckout(page: Page, locale: Locale, description: string) {
  const l = LOCATIONS[locale];
  await section(page, locale).getByRole("button", { name: checkout[locale].fulfilment.chooseLocation }).click();
  const sheet = page.getByRole("dialog", { name: l.title });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("button", { name: l.add }).click();
  await sheet.getByLabel(l.type).selectOption("home");
  await sheet.getByLabel(l.description).fill(description);
  await sheet.getByRole("button", { name: l.save }).click();
  await expect(sheet).toBeHidden();
}

/** Waits until the Snapchat pixel has been told each of `events` in this tab. */
const snapTold = (page: Page, events: string[]) =>
  expect
    .poll(async () => (await journal(page)).filter((e) => e.pixel === "snapchat").map((e) => e.event), {
      timeout: 15_000,
    })
    .toEqual(expect.arrayContaining(events));

test("coffee, in Arabic: beans delivered to a saved location with its address, cash; the done page and the order page say where, with the fee; its Snapchat pixel is told each step with the product", async ({
  page,
}, info) => {
  await stubPixels(page);
  await journalPixels(page);
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation(NEAR);
  const c = checkout.ar;
  const f = c.fulfilment;
  await openProduct(page, "", "بن إثيوبي مختص ٢٥٠ غ", coffeeUrl(""));
  await addButton(page, "ar").click();
  await expect(cartDialog(page, "ar")).toBeVisible();
  // The pixel loads after the page's load and an idle moment; what waits for it is gone if the
  // page goes first (a sign-in reloads it).
  await snapTold(page, ["VIEW_CONTENT", "ADD_CART"]);
  await page.getByRole("button", { name: c.quick.signIn }).click();
  await signInInSheet(page, "ar");
  await page.getByLabel(c.customer.firstName).fill("سارة");
  await page.getByLabel(c.customer.lastName).fill("الغامدي");

  // Delivery is the first choice; without a location or an address, Complete says what is missing.
  const choice = section(page, "ar");
  await expect(choice.getByRole("radio", { name: f.delivery })).toBeChecked();
  await expect(choice).toContainText("رسوم التوصيل");
  await page.getByRole("radio", { name: c.methods.cash.cashOnDelivery }).check();
  await page.getByRole("button", { name: c.quick.complete }).click();
  await expect(choice.getByRole("alert")).toBeVisible();

  await saveHomeFromCheckout(page, "ar", "بيت العائلة");
  await expect(choice).toContainText("المنزل · بيت العائلة");
  await page.getByRole("button", { name: c.quick.complete }).click();
  await expect(choice.getByLabel(f.addressLine)).toHaveAttribute("aria-invalid", "true");
  await choice.getByLabel(f.addressLine).fill("حي الروضة، شارع الأمير سلطان، مبنى ١٢");
  await choice.getByLabel(f.driverNote).fill("اتصل عند الوصول");
  await snap(page, info, "delivery-1-choice-ar");

  // 65 + 15 delivery, 15% VAT on both: 92.
  await page.getByRole("button", { name: c.quick.complete }).click();
  const pay = page.getByRole("button", { name: order.ar.cash.submit.cashOnDelivery });
  await expect(pay).toBeVisible();
  const submitted = page.waitForResponse((r) => r.url().includes("/api/checkout/submit") && r.ok());
  await pay.click();
  const placed = ((await (await submitted).json()) as { data: CartDto }).data;
  await page.waitForURL(/\/checkout\/done\//);
  const where = page.getByRole("region", { name: order.ar.fulfilment.deliverTo });
  await expect(where).toContainText("حي الروضة، شارع الأمير سلطان، مبنى ١٢");
  await expect(where).toContainText("اتصل عند الوصول");
  await expect(page.getByText("رسوم التوصيل")).toBeVisible();
  // 65 + 15 delivery with 15% VAT on both: 92 to prepare in cash.
  await expect(page.getByText(/٩٢/).first()).toBeVisible();
  await snap(page, info, "delivery-2-done-ar");
  await snapTold(page, ["PURCHASE"]);

  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await page.goto(coffeeUrl(`/orders/${orderId}`));
  await expect(page.getByRole("region", { name: order.ar.fulfilment.deliverTo })).toContainText("شارع الأمير سلطان");
  await expect(page.getByText("رسوم التوصيل")).toBeVisible();
  await snap(page, info, "delivery-3-order-ar");

  // The coffee roastery's Snapchat pixel (its only one), in Snap's own names: the product's id,
  // units and kind on every commerce event, each event's amount with VAT as `price`, the order's
  // id on the purchase; begin checkout and payment info once each.
  const productId = placed.cartItems[0].product.id;
  const snapEvents = (await journal(page)).filter((e) => e.pixel === "snapchat");
  const one = (event: string) => {
    const hits = snapEvents.filter((e) => e.event === event);
    expect(hits, event).toHaveLength(1);
    return hits[0].params;
  };
  const product = { item_ids: [productId], number_items: 1, item_category: "merchandise", currency: "SAR" };
  expect(one("VIEW_CONTENT")).toEqual({ ...product, price: 74.75 });
  expect(one("ADD_CART")).toEqual({ ...product, price: 74.75 });
  expect(one("START_CHECKOUT")).toEqual({ ...product, price: expect.any(Number) });
  expect(one("ADD_BILLING")).toEqual({ ...product, price: expect.any(Number) });
  expect(one("PURCHASE")).toEqual({ ...product, price: placed.totalAmount, transaction_id: orderId });
  expect(placed.totalAmount).toBe(92);
});

test("pickup at a branch, in the project's language: no fee, the branch on the done page and the order page", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  await openProduct(page, prefix, locale === "ar" ? "أملاح استحمام بالورد" : "Rose bath salts", spaUrl(""));
  await addButton(page, locale).click();
  await expect(cartDialog(page, locale)).toBeVisible();
  await page.getByRole("button", { name: c.summary.continue }).click();
  await signInInSheet(page, locale);
  await page.getByLabel(c.customer.name).fill(locale === "ar" ? "لمى" : "Lama");
  await page.getByLabel(locale === "ar" ? "رقم الهوية الوطنية" : "National ID number").fill("1012345678");
  await page.getByRole("checkbox").check();

  // Pickup only: no delivery choice, the branches to choose from; Continue without one is refused.
  const choice = section(page, locale);
  await expect(choice.getByRole("radio", { name: c.fulfilment.delivery })).toHaveCount(0);
  const branches = choice.getByRole("group", { name: c.fulfilment.branch }).getByRole("radio");
  await expect(branches).toHaveCount(2);
  await page.getByRole("button", { name: c.customer.continue }).click();
  await expect(choice.getByRole("alert")).toBeVisible();
  const hittin = locale === "ar" ? "فرع حطين" : "Hittin branch";
  await choice.getByRole("radio", { name: new RegExp(hittin) }).check();
  await snap(page, info, `pickup-1-choice-${locale}`);
  // Chosen but not sent yet: a language switch inside the sheet keeps it.
  const other = locale === "ar" ? "en" : "ar";
  const hittinOther = other === "ar" ? "فرع حطين" : "Hittin branch";
  await cartDialog(page, locale).getByRole("link", { name: common[locale].language.switchTo }).click();
  await expect(section(page, other).getByRole("radio", { name: new RegExp(hittinOther) })).toBeChecked();
  await cartDialog(page, other).getByRole("link", { name: common[other].language.switchTo }).click();
  await expect(section(page, locale).getByRole("radio", { name: new RegExp(hittin) })).toBeChecked();
  await page.getByRole("button", { name: c.customer.continue }).click();

  // Back keeps the choice the cart holds.
  await expect(page.getByRole("radio", { name: c.methods.cash.cashOnDelivery })).toBeVisible();
  await cartDialog(page, locale).getByRole("button", { name: c.methods.back, exact: true }).click();
  await expect(section(page, locale).getByRole("radio", { name: new RegExp(hittin) })).toBeChecked();
  // So does a language switch inside the sheet, and back.
  await cartDialog(page, locale).getByRole("link", { name: common[locale].language.switchTo }).click();
  await expect(section(page, other).getByRole("radio", { name: new RegExp(hittinOther) })).toBeChecked();
  await cartDialog(page, other).getByRole("link", { name: common[other].language.switchTo }).click();
  await expect(section(page, locale).getByRole("radio", { name: new RegExp(hittin) })).toBeChecked();
  await page.getByRole("button", { name: c.customer.continue }).click();

  await page.getByRole("radio", { name: c.methods.cash.cashOnDelivery }).check();
  await page.getByRole("button", { name: c.methods.continue }).click();
  await page.getByRole("button", { name: order[locale].cash.submit.cashOnDelivery }).click();
  await page.waitForURL(/\/checkout\/done\//);
  const where = page.getByRole("region", { name: order[locale].fulfilment.pickupAt });
  await expect(where).toContainText(hittin);
  await expect(page.getByText(locale === "ar" ? "رسوم التوصيل" : "Delivery fee")).toHaveCount(0);
  await snap(page, info, `pickup-2-done-${locale}`);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await page.goto(spaUrl(`${prefix}/orders/${orderId}`));
  await expect(page.getByRole("region", { name: order[locale].fulfilment.pickupAt })).toContainText(hittin);
  await snap(page, info, `pickup-3-order-${locale}`);
});
