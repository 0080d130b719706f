import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT || 3100);
export const spaUrl = (p = "/") => `http://spa.localhost:${PORT}${p}`;
export const coffeeUrl = (p = "/") => `http://coffee.localhost:${PORT}${p}`;

export const LOCALES = [
  { locale: "ar", prefix: "", dir: "rtl" },
  { locale: "en", prefix: "/en", dir: "ltr" },
] as const;

/** One namespace of the app's own texts in one language, so journeys assert what a shopper reads. */
export const readMessages = <T>(locale: (typeof LOCALES)[number]["locale"], namespace: string): T =>
  JSON.parse(readFileSync(path.join("messages", locale, `${namespace}.json`), "utf8"));

/** One namespace in every language the journeys run in. */
export const messagesByLocale = <T>(namespace: string): Record<(typeof LOCALES)[number]["locale"], T> => ({
  ar: readMessages<T>("ar", namespace),
  en: readMessages<T>("en", namespace),
});

/**
 * Saves a screenshot under e2e/screenshots/<project>/<name>.png for people to look at: the full
 * page, or only the viewport while a sheet is open — a full-page shot resizes the viewport, which a
 * bottom sheet with a focused input takes for a software keyboard and moves itself off screen.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.join("e2e", "screenshots", testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  const sheetOpen = (await page.getByRole("dialog").count()) > 0;
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: !sheetOpen });
}
