import type { Page } from "./test";

/**
 * The marketing pixels in the journeys. Their own scripts live on the internet, which this machine
 * cannot reach: empty stubs stand in for them, and what the storefront asked each pixel to do is
 * read from window.__sfPixelLog (kept by lib/tracking/load-pixels.ts).
 */

export type PixelLogEntry = { pixel: string; event: string; params: Record<string, unknown> };

/** Stubs every pixel host; the scripts the page asked for, in order. */
export async function stubPixels(page: Page): Promise<string[]> {
  const scripts: string[] = [];
  await page.route(
    /googletagmanager\.com|connect\.facebook\.net|analytics\.tiktok\.com|sc-static\.net|clarity\.ms/,
    (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* pixel stub */" });
    },
  );
  return scripts;
}

const JOURNAL_KEY = "e2e:pixel-journal";

/**
 * The tab's whole journey of pixel calls: window.__sfPixelLog lives as long as one document (a
 * sign-in reloads the page), so each call is also kept in the tab's session storage.
 */
export async function journalPixels(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const log: unknown[] = [];
    log.push = (...entries: unknown[]) => {
      const kept = JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[];
      sessionStorage.setItem(key, JSON.stringify([...kept, ...entries]));
      return Array.prototype.push.apply(log, entries);
    };
    (window as unknown as { __sfPixelLog: unknown[] }).__sfPixelLog = log;
  }, JOURNAL_KEY);
}

/** Every pixel call of the tab so far (journalPixels). */
export const journal = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as PixelLogEntry[], JOURNAL_KEY);
