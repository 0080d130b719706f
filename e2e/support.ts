import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "./test";

export const PORT = Number(process.env.E2E_PORT || 3100);

/**
 * The port of the server the running journey's project browses (its baseURL): the embedded
 * server's, or the PostgreSQL one's for the projects that run there. Called inside a test or hook.
 */
export function serverPort(): number {
  const base = test.info().project.use.baseURL;
  return base ? Number(new URL(base).port) : PORT;
}
export const spaUrl = (p = "/") => `http://spa.localhost:${serverPort()}${p}`;
export const coffeeUrl = (p = "/") => `http://coffee.localhost:${serverPort()}${p}`;

export const LOCALES = [
  { locale: "ar", prefix: "", dir: "rtl" },
  { locale: "en", prefix: "/en", dir: "ltr" },
] as const;

/**
 * The language a journey runs in on a project: Arabic on the 390 px phone, English on the desktop.
 * Each journey so covers both languages and both screens once, without running four times.
 */
export const forProject = (name: string) => (name === "phone" ? LOCALES[0] : LOCALES[1]);
/** The other pairing (English on the phone, Arabic on the desktop), for journeys that alternate. */
export const otherForProject = (name: string) => (name === "phone" ? LOCALES[1] : LOCALES[0]);

/** One namespace of the app's own texts in one language, so journeys assert what a shopper reads. */
export const readMessages = <T>(locale: (typeof LOCALES)[number]["locale"], namespace: string): T =>
  JSON.parse(readFileSync(path.join("messages", locale, `${namespace}.json`), "utf8"));

/** One namespace in every language the journeys run in. */
export const messagesByLocale = <T>(namespace: string): Record<(typeof LOCALES)[number]["locale"], T> => ({
  ar: readMessages<T>("ar", namespace),
  en: readMessages<T>("en", namespace),
});

/** The header's location button and the locations sheet, as a shopper reads them. */
export const locationsTexts = messagesByLocale<{
  button: { setLocation: string };
  sheet: { title: string; descriptionSignedOut: string };
}>("locations");

/** The header's location button's name: the words it shows ("Set location", or the chosen place's type), then what they are. */
export const LOCATION_BUTTON = { ar: /^حدّد موقعك$|، موقعك$/, en: /^Set location$|, your location$/ } as const;

/** Resolves once the page has hydrated (lib/early-taps.ts marks it): React's handlers are attached. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as Window & { __sfHydrated?: boolean }).__sfHydrated === true);

/**
 * Saves a screenshot under e2e/screenshots/<project>/<name>.png for people to look at: the full
 * page, or only the viewport while a sheet is open — a full-page shot resizes the viewport, which a
 * bottom sheet with a focused input takes for a software keyboard and moves itself off screen.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  // Pictures for people: drawn when asked for (E2E_SCREENSHOTS=1); npm test spends no time on them.
  if (!process.env.E2E_SCREENSHOTS) return;
  const dir = path.join("e2e", "screenshots", testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  const sheetOpen = (await page.getByRole("dialog").count()) > 0;
  // A full-page shot draws sticky parts (the header, the product image) where the scroll left them,
  // over the page's middle: from the top they are where a shopper sees them.
  if (!sheetOpen)
    await page.evaluate(
      () => new Promise((done) => (window.scrollTo(0, 0), requestAnimationFrame(() => requestAnimationFrame(done)))),
    );
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: !sheetOpen });
}

/** A printed document kept with the pictures (E2E_SCREENSHOTS=1), to look at as pages. */
export function keepPdf(testInfo: TestInfo, name: string, pdf: Buffer) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const dir = path.join("e2e", "screenshots", testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.pdf`), pdf);
}

/**
 * The toast on screen sits wholly below the site header, so the header's buttons stay free while it
 * shows (components/toaster.tsx). Polled: the toast slides in from above.
 */
export async function expectToastBelowHeader(page: Page) {
  const toast = page.locator("[data-sonner-toast][data-front=true]");
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => {
      const [t, h] = await Promise.all([toast.boundingBox(), page.locator("[data-site-header]").boundingBox()]);
      return t && h ? Math.round(t.y - (h.y + h.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);
}

/**
 * The toast on screen leaves an open sheet's title and close button in sight (above the sheet
 * where there is room, else below the sheet's header), and its close button is labelled in the
 * page's language. Polled: the toast slides in.
 */
export async function expectToastClearOfSheetTitle(page: Page, closeLabel: string) {
  const toast = page.locator("[data-sonner-toast][data-front=true]");
  await expect(toast).toBeVisible();
  await expect(toast.getByRole("button", { name: closeLabel })).toBeAttached();
  const title = page.getByRole("dialog").locator("header").first();
  await expect
    .poll(async () => {
      const [t, h] = await Promise.all([toast.boundingBox(), title.boundingBox()]);
      if (!t || !h) return "not measured";
      return t.y >= h.y + h.height || t.y + t.height <= h.y
        ? "clear"
        : `overlaps: toast ${Math.round(t.y)}–${Math.round(t.y + t.height)}, header ${Math.round(h.y)}–${Math.round(h.y + h.height)}`;
    })
    .toBe("clear");
}

/**
 * Holds back every script the page asks for from now on (its own first load, a sheet's code and
 * texts) until the returned function is called, which lets them through and stops holding.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
    async (route) => {
      await released;
      await route.continue().catch(() => {});
    },
  );
  return async () => {
    release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  };
}
