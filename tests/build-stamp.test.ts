import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, SOURCES } from "../scripts/build-stamp.mjs";

/** Folders whose code never reaches the build: tests, journeys, scripts, benches and docs. */
const NOT_BUILT = new Set([
  "tests",
  "e2e",
  "scripts",
  "bench",
  "docs",
  "node_modules",
  "test-results",
  "playwright-report",
]);

describe("the build stamp", () => {
  it("fingerprints every top-level folder of the app's code, so a change in any of them builds again", () => {
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith(".") && !NOT_BUILT.has(d.name))
      .map((d) => d.name);
    const withCode = folders.filter((dir) =>
      readdirSync(path.join(root, dir), { recursive: true }).some((f) => /\.(tsx?|mjs|css|json)$/.test(String(f))),
    );
    expect(withCode.filter((dir) => !SOURCES.includes(dir))).toEqual([]);
  });
});
