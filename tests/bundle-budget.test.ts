import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { BUDGETS_KB, checkBundles, FORBIDDEN_ON_PRODUCT_PAGE, PRODUCT_ROUTE } from "../scripts/bundle-budget.mjs";
import { PROVIDER_PROFILES } from "@/payment-providers/profiles";

// scripts/bundle-budget.mjs over a fake build: a stats file in Next's shape and chunk files, so
// that the check is seen to fail for each reason it exists for, and to pass otherwise.

const HOME = "/[site]/[locale]";
const budgets = { [HOME]: 5, [PRODUCT_ROUTE]: 5 };
/** Code a lazy chunk of a real build holds: every forbidden marker, in a minified-looking line. */
const lazyCode = FORBIDDEN_ON_PRODUCT_PAGE.map(({ marker }, i) => `e.s(["x${i}",0,()=>fetch("${marker}")]);`).join("");

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `.next/static/chunks/<name>` files and the route stats pointing at them. */
function fakeBuild(chunks: Record<string, string | Buffer>, routes: Record<string, string[]>) {
  root = mkdtempSync(path.join(tmpdir(), "bundle-budget-"));
  mkdirSync(path.join(root, ".next", "static", "chunks"), { recursive: true });
  mkdirSync(path.join(root, ".next", "diagnostics"), { recursive: true });
  for (const [name, body] of Object.entries(chunks))
    writeFileSync(path.join(root, ".next", "static", "chunks", name), body);
  const stats = Object.entries(routes).map(([route, names]) => ({
    route,
    firstLoadUncompressedJsBytes: 0,
    firstLoadChunkPaths: names.map((n) => `.next/static/chunks/${n}`),
  }));
  writeFileSync(path.join(root, ".next", "diagnostics", "route-bundle-stats.json"), JSON.stringify(stats));
  return root;
}

describe("bundle budget check", () => {
  it("passes a build within budget whose product page holds none of the markers, with gzip -9 sizes", () => {
    const shared = `(globalThis.TURBOPACK||[]).push([${"1,".repeat(2000)}]);`;
    fakeBuild(
      { "shared.js": shared, "lazy.js": lazyCode, "page.css": "body{}" },
      { [HOME]: ["shared.js", "page.css"], [PRODUCT_ROUTE]: ["shared.js"] },
    );
    const { rows, failures } = checkBundles({ root, budgets });
    expect(failures).toEqual([]);
    const product = rows.find((r) => r.route === PRODUCT_ROUTE)!;
    expect(product).toMatchObject({
      chunks: 1,
      rawBytes: shared.length,
      gzipBytes: gzipSync(shared, { level: 9 }).length,
      budgetKb: 5,
    });
  });

  it("fails a route over its budget, naming it and the excess", () => {
    fakeBuild(
      { "shared.js": "a();", "big.js": randomBytes(8000), "lazy.js": lazyCode },
      { [HOME]: ["shared.js"], [PRODUCT_ROUTE]: ["shared.js", "big.js"] },
    );
    const { failures } = checkBundles({ root, budgets });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      new RegExp(`^${PRODUCT_ROUTE.replace(/[[\]/]/g, "\\$&")}: 8\\.\\d KB gzip .* over its 5 KB budget`),
    );
  });

  it.each(FORBIDDEN_ON_PRODUCT_PAGE)("fails a product page whose first load holds $what", ({ marker }) => {
    fakeBuild(
      { "shared.js": "a();", "eager.js": `e.s(["y",0,()=>"${marker}"]);`, "lazy.js": lazyCode },
      { [HOME]: ["shared.js", "eager.js"], [PRODUCT_ROUTE]: ["shared.js", "eager.js"] },
    );
    const { failures } = checkBundles({ root, budgets });
    expect(failures).toEqual([expect.stringContaining(`first load holds`)]);
    expect(failures[0]).toContain(`"${marker}" in eager.js`);
  });

  it("does not mind the markers on other routes (the checkout page may load checkout code)", () => {
    fakeBuild(
      { "shared.js": "a();", "lazy.js": lazyCode },
      { [HOME]: ["shared.js", "lazy.js"], [PRODUCT_ROUTE]: ["shared.js"] },
    );
    expect(checkBundles({ root, budgets }).failures).toEqual([]);
  });

  it("fails when a marker is in no chunk at all: it could no longer see the code it stands for", () => {
    const [gone, ...kept] = FORBIDDEN_ON_PRODUCT_PAGE;
    const someLazy = kept.map(({ marker }) => `"${marker}"`).join(",");
    fakeBuild({ "shared.js": "a();", "lazy.js": someLazy }, { [HOME]: ["shared.js"], [PRODUCT_ROUTE]: ["shared.js"] });
    const { failures } = checkBundles({ root, budgets });
    expect(failures).toEqual([expect.stringContaining(`marker "${gone.marker}"`)]);
  });

  it("takes each payment provider's marker from its profile, and a profile's own copy of it is not the code it stands for", () => {
    const declared = Object.values(PROVIDER_PROFILES).flatMap((p) =>
      "browser" in p && "firstLoadMarker" in p.browser ? [p.browser.firstLoadMarker] : [],
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(FORBIDDEN_ON_PRODUCT_PAGE.map((f) => f.marker)).toEqual(expect.arrayContaining(declared));
    // The profiles sit in a chunk the product page loads (the configuration reader): their copies do not count...
    const profiles = `e.s(["p",0,{browser:{field:"x",firstLoadMarker:"${declared[0]}"}}]);`;
    fakeBuild(
      { "shared.js": "a();", "profiles.js": profiles, "lazy.js": lazyCode },
      { [HOME]: ["shared.js"], [PRODUCT_ROUTE]: ["shared.js", "profiles.js"] },
    );
    expect(checkBundles({ root, budgets }).failures).toEqual([]);
    rmSync(root, { recursive: true, force: true });
    // ...neither as the product page's code nor as proof that the code is in the build.
    const rest = FORBIDDEN_ON_PRODUCT_PAGE.filter((f) => f.marker !== declared[0])
      .map(({ marker }) => `"${marker}"`)
      .join(",");
    fakeBuild(
      { "shared.js": "a();", "profiles.js": profiles, "lazy.js": rest },
      { [HOME]: ["shared.js"], [PRODUCT_ROUTE]: ["shared.js", "profiles.js"] },
    );
    expect(checkBundles({ root, budgets }).failures).toEqual([expect.stringContaining(`marker "${declared[0]}"`)]);
  });

  it("fails a route without a budget, a budget without a route, and a missing stats file", () => {
    fakeBuild(
      { "shared.js": "a();", "lazy.js": lazyCode },
      { [HOME]: ["shared.js"], [PRODUCT_ROUTE]: ["shared.js"], "/[site]/[locale]/new-page": ["shared.js"] },
    );
    const { failures } = checkBundles({ root, budgets: { ...budgets, "/[site]/[locale]/gone": 170 } });
    expect(failures).toEqual([
      expect.stringMatching(/^\/\[site\]\/\[locale\]\/new-page: no budget/),
      expect.stringMatching(/^\/\[site\]\/\[locale\]\/gone: has a budget but the build has no such route/),
    ]);
    rmSync(path.join(root, ".next", "diagnostics"), { recursive: true });
    expect(checkBundles({ root, budgets }).failures).toEqual([
      expect.stringContaining("route-bundle-stats.json is missing"),
    ]);
  });

  it("holds the product page to its budget (QUALITY.md's 150 KB is under what the chosen stack alone costs) and has a budget for every storefront page", () => {
    expect(BUDGETS_KB[PRODUCT_ROUTE]).toBe(170.5);
    for (const route of [
      "/[site]/[locale]",
      "/[site]/[locale]/products",
      "/[site]/[locale]/checkout/done/[cartId]",
      "/[site]/[locale]/profile",
    ])
      expect(BUDGETS_KB[route]).toBeGreaterThan(0);
  });
});
