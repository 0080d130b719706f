import { expect, test, type Page } from "./test";
import { expectToastBelowHeader, forProject, LOCATION_BUTTON, otherForProject, snap } from "./support";
import type { Locale } from "./cart-support";
import { account, freshMobile, signInWithSheet } from "./account-support";

/**
 * Saved locations (spec §2, §4, §6, §9). The browser's position is granted and fixed at the
 * default map centre, so "current location" is the same on every run.
 */

const L = {
  ar: {
    open: LOCATION_BUTTON.ar,
    title: "مواقعك",
    current: "استخدم موقعي الحالي",
    currentLabel: "الموقع الحالي",
    keepCurrent: "لا، أبقِ موقعي الحالي",
    useSuggested: "نعم، استخدمه",
    add: "إضافة موقع",
    save: "حفظ الموقع",
    type: "نوع الموقع",
    description: "الوصف",
    del: "حذف",
    keep: "إبقاء",
    types: { home: "المنزل", work: "العمل", resthouse: "استراحة" },
  },
  en: {
    open: LOCATION_BUTTON.en,
    title: "Your locations",
    current: "Use my current location",
    currentLabel: "Current location",
    keepCurrent: "No, keep my current location",
    useSuggested: "Yes, use it",
    add: "Add location",
    save: "Save location",
    type: "Location type",
    description: "Description",
    del: "Delete",
    keep: "Keep",
    types: { home: "Home", work: "Work", resthouse: "Resthouse" },
  },
} as const;

const MAP = {
  ar: {
    label: "الخريطة",
    pin: "الدبوس: {latitude}، {longitude}",
    north: "ش",
    latitude: "خط العرض",
    longitude: "خط الطول",
  },
  en: { label: "Map", pin: "Pin: {latitude}, {longitude}", north: "N", latitude: "Latitude", longitude: "Longitude" },
} as const;

async function grantPosition(page: Page) {
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: 24.710845, longitude: 46.673693 });
}

const sheet = (page: Page, locale: Locale) => page.getByRole("dialog", { name: L[locale].title });

async function openLocations(page: Page, locale: Locale) {
  await page.getByRole("button", { name: L[locale].open }).first().click();
  await expect(sheet(page, locale)).toBeVisible();
}

async function addLocation(page: Page, locale: Locale, type: "home" | "work" | "resthouse", description: string) {
  const l = L[locale];
  await openLocations(page, locale);
  await sheet(page, locale).getByRole("button", { name: l.add }).click();
  await sheet(page, locale).getByLabel(l.type).selectOption(type);
  await sheet(page, locale).getByLabel(l.description).fill(description);
  await sheet(page, locale).getByRole("button", { name: l.save }).click();
  // Saving selects it and closes the sheet.
  await expect(sheet(page, locale)).toBeHidden();
  await expect(page.getByRole("button", { name: L[locale].open }).first()).toContainText(l.types[type]);
}

test("a signed-in customer saves three locations, selects one, deletes it, and cannot add a 7th", async ({
  page,
}, info) => {
  // Sign-in and seven saves, each through the sheet: ~45 s on a quiet machine, more on a busy one.
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  const l = L[locale];
  await grantPosition(page);
  await page.goto(`${prefix}/`);
  await page.getByRole("button", { name: account[locale].menu.signIn }).first().click();
  await signInWithSheet(page, locale, freshMobile());
  // "Signed in" shows below the header: the location button is free at once (a toast over it, held
  // open by the pointer resting on it, would take the click).
  await expectToastBelowHeader(page);

  // The map without a Maps key (spec §9): a view with rings and north, never a blank grid; the pin
  // moves with the arrow keys and by dragging, and the coordinates follow.
  const m = MAP[locale];
  await openLocations(page, locale);
  await sheet(page, locale).getByRole("button", { name: l.add }).click();
  const map = sheet(page, locale).getByRole("group", { name: m.label });
  await expect(map.locator("svg text")).toHaveText(m.north);
  const latitude = sheet(page, locale).getByLabel(m.latitude);
  const longitude = sheet(page, locale).getByLabel(m.longitude);
  const [lat0, lng0] = [Number(await latitude.inputValue()), Number(await longitude.inputValue())];
  const pin = map.getByRole("button", { name: new RegExp(`^${m.pin.split(":")[0]}`) });
  await pin.focus();
  await page.keyboard.press("ArrowUp");
  await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(lat0);
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(lng0);
  await expect(pin).toBeInViewport();
  await snap(page, info, `locations-map-fallback-${locale}`);
  await page.keyboard.press("Escape");
  await expect(sheet(page, locale)).toBeHidden();

  await addLocation(page, locale, "home", "Olaya 12");
  await addLocation(page, locale, "work", "King Fahd Rd");
  await addLocation(page, locale, "resthouse", "Thumamah");
  await openLocations(page, locale);
  await snap(page, info, `locations-list-${locale}`);
  const saved = sheet(page, locale).getByRole("radio");
  await expect(saved).toHaveCount(3);

  // Select work, then delete it: the selection falls back (current location or the suggestion).
  // A click, not check(): choosing closes the sheet at once (no animation under reduced motion), so
  // the radio is gone before its checked state could be read back.
  await sheet(page, locale)
    .getByRole("radio", { name: new RegExp(l.types.work) })
    .click();
  await expect(sheet(page, locale)).toBeHidden();
  await expect(page.getByRole("button", { name: l.open }).first()).toContainText(l.types.work);
  await openLocations(page, locale);
  // A delete is asked once more: Keep keeps it, Delete deletes it.
  const del = sheet(page, locale).getByRole("button", { name: new RegExp(`^${l.del} ${l.types.work}`) });
  const confirm = sheet(page, locale).getByRole("group", { name: new RegExp(`^${l.del} ${l.types.work}.*[?؟]$`) });
  await del.click();
  await expect(confirm).toBeVisible();
  await snap(page, info, `locations-confirm-delete-${locale}`);
  await confirm.getByRole("button", { name: l.keep }).click();
  await expect(confirm).toBeHidden();
  await expect(sheet(page, locale).getByRole("radio")).toHaveCount(3);
  await del.click();
  await confirm.getByRole("button", { name: l.del, exact: true }).click();
  await expect(sheet(page, locale).getByRole("radio")).toHaveCount(2);
  // Every saved place is where the browser is: the sheet offers the nearest one instead (spec §4);
  // declining keeps the current location.
  await expect(sheet(page, locale).getByRole("button", { name: l.useSuggested })).toBeVisible();
  await snap(page, info, `locations-after-delete-${locale}`);
  await sheet(page, locale).getByRole("button", { name: l.keepCurrent }).click();
  await page.keyboard.press("Escape");
  await expect(sheet(page, locale)).toBeHidden();
  await expect(page.getByRole("button", { name: l.open }).first()).toContainText(l.currentLabel);

  // Up to six: three more, then the add button is disabled.
  for (const [i, type] of (["home", "work", "resthouse", "home"] as const).entries())
    await addLocation(page, locale, type, `Extra ${i + 1}`);
  await openLocations(page, locale);
  await expect(sheet(page, locale).getByRole("radio")).toHaveCount(6);
  await expect(sheet(page, locale).getByRole("button", { name: l.add })).toBeDisabled();
  await snap(page, info, `locations-full-${locale}`);
});

test("a signed-out visitor can only set the current location", async ({ page }, info) => {
  const { locale, prefix } = otherForProject(info.project.name);
  const l = L[locale];
  await grantPosition(page);
  await page.goto(`${prefix}/`);
  await openLocations(page, locale);
  await expect(sheet(page, locale).getByRole("button", { name: l.add })).toHaveCount(0);
  await expect(sheet(page, locale).getByRole("radio")).toHaveCount(0);
  await snap(page, info, `locations-signed-out-${locale}`);
  await sheet(page, locale).getByRole("button", { name: l.current }).click();
  await expect(sheet(page, locale)).toBeHidden();
  // The location calls answer quietly without a session.
  const list = await page.evaluate(async () => {
    const res = await fetch("/api/locations");
    return { status: res.status, body: await res.json() };
  });
  expect(list).toEqual({ status: 200, body: { data: [] } });
});
