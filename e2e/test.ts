import { test as base, type BrowserContext } from "@playwright/test";
import { CONSENT_KEY, type Consent } from "@/lib/tracking/consent";

export * from "@playwright/test";

/**
 * A browser that has already answered the pixels' consent banner with yes, as a returning shopper's
 * has: the banner covers no button and the pixels load as the tracking journeys expect. The answer
 * is written by a script that runs before each page's own, where nothing was answered yet (only
 * spa has pixels, and so a banner; the consent journey starts from an empty browser of its own).
 * Not Playwright's `storageState`: it writes the answer by loading a page per origin in every new
 * browser context, which each journey pays for in time and browser CPU.
 */
export async function answeredConsent(context: BrowserContext): Promise<void> {
  const granted: Consent = "granted";
  await context.addInitScript(
    ({ key, answer }) => {
      try {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, answer);
      } catch {
        // A frame without storage (an opaque origin) has no banner either.
      }
    },
    { key: CONSENT_KEY, answer: granted },
  );
}

/** Every journey's `test`: its browser context has answered the consent banner (answeredConsent). */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await answeredConsent(context);
    await provide(context);
  },
});
