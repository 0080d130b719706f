import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3100);
const pgPort = Number(process.env.E2E_PG_PORT || 3102);
const settingsPort = Number(process.env.E2E_SETTINGS_PORT || 3106);
const withPostgres = !!process.env.TEST_DATABASE_URL;

// Debian's Chromium headless shell: the browser without its desktop shell, as Playwright runs
// headless journeys by default (less time and browser CPU than the full browser, figures in
// docs/MEASUREMENTS.md; scripts/test.mjs installs it).
const chromium = {
  executablePath: "/usr/bin/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * What the PostgreSQL server runs: the whole-journey check, the double-action suite (one intent,
 * one effect, on real concurrency) and what happens after the order (messages sent by the worker,
 * delivery or pickup, gift cards spent under a lock, the reminders switch).
 */
const ON_POSTGRES = /postgres\.spec|double-action\/|messages\.spec|delivery\.spec|gift-cards\.spec|reminders\.spec/;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three at once on two cores: the journeys wait on the browser and the servers often enough that
  // two workers leave the machine idle part of the run; three keep it busier and finish sooner
  // (docs/MEASUREMENTS.md).
  workers: Number(process.env.E2E_WORKERS || 3),
  // A journey is a whole shopper's visit (sign-in, checkout, often two tabs): 35–70 s alone on this
  // machine, more when the machine is slow; each step still has its own 10 s. 60 s is too short for
  // a passing two-checkout journey on a slow day.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // Every journey's browser has already answered the pixels' consent banner: e2e/test.ts, whose
  // `test` every journey imports (lint holds it).
  use: {
    baseURL: `http://spa.localhost:${port}`,
    // A trace records every action's screenshot and DOM (CPU the journeys share on two cores): kept
    // for debugging with E2E_TRACE=1; a failure still leaves its screenshot.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // Sheets and toasts appear at once (the app honours reduced motion: globals.css), so no step
    // waits for an animation, which would make the run far slower. E2E_MOTION=full animates
    // them, as most shoppers see them (a tap during an animation is a real shopper's too).
    reducedMotion: process.env.E2E_MOTION === "full" ? "no-preference" : "reduce",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    // Journeys that change spa's settings (its card provider, its windows, its wallet certificate)
    // one after another, on an embedded server of their own: beside the others from the start,
    // not after them on one worker while the other idles at the end of the run. First in
    // the list, so that one worker starts on this long serial group while the other takes the rest
    // (the longest groups first, so that no worker is left alone with one at the end).
    {
      name: "provider-switch",
      testMatch: /provider-switch\.spec/,
      use: { ...devices["Desktop Chrome"], baseURL: `http://spa.localhost:${settingsPort}` },
    },
    // Requests no browser makes, against servers of the suite's own (their memory is measured) or
    // the journeys' server's process.
    { name: "server", testMatch: /huge-bodies\.spec|data-folder\.spec|server-process\.spec/ },
    // The PostgreSQL server's journeys (ON_POSTGRES), in the desktop browser and English.
    ...(withPostgres
      ? [
          {
            name: "postgres",
            testMatch: ON_POSTGRES,
            use: { ...devices["Desktop Chrome"], baseURL: `http://spa.localhost:${pgPort}` },
          },
        ]
      : []),
    {
      name: "phone",
      testIgnore:
        /postgres\.spec|secrets\.spec|provider-switch\.spec|huge-bodies\.spec|data-folder\.spec|server-process\.spec|desktop-looks\.spec/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: "desktop",
      testIgnore: [
        /postgres\.spec|provider-switch\.spec|huge-bodies\.spec|data-folder\.spec|server-process\.spec|phone-looks\.spec/,
        // With PostgreSQL these run there, in the same desktop browser and language: a second run
        // on the embedded database would repeat the browser's half and add nothing the phone's
        // run on it (Arabic, 390 px) does not already cover.
        ...(withPostgres ? [ON_POSTGRES] : []),
      ],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs --settings",
      url: `http://127.0.0.1:${settingsPort}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    ...(withPostgres
      ? [
          {
            command: "node scripts/e2e-server.mjs --postgres",
            url: `http://127.0.0.1:${pgPort}/api/health`,
            timeout: 300_000,
            reuseExistingServer: false,
            stdout: "pipe" as const,
          },
        ]
      : []),
  ],
});
