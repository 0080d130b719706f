#!/usr/bin/env node
// `npm test`: format check, type-check, lint and the production build (at once), unit + integration tests
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the build's first-load JavaScript
// budgets, then the browser journeys against that build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const started = Date.now();

/**
 * The journeys run in Debian's Chromium headless shell (package chromium-headless-shell, the
 * same Chromium without the desktop browser around it, which is what Playwright itself uses for
 * headless runs): the journeys take less time and browser CPU in it (docs/MEASUREMENTS.md). The
 * full browser (package chromium) is what Lighthouse drives. Poppler's pdftotext (package
 * poppler-utils) reads the invoice PDF's text layer back in its test.
 */
function ensureDebianTools() {
  const missing = [
    ["chromium", "/usr/bin/chromium"],
    ["chromium-headless-shell", "/usr/bin/chromium-headless-shell"],
    ["poppler-utils", "/usr/bin/pdftotext"],
  ].filter(([, bin]) => !existsSync(bin));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name);
  if (process.getuid?.() !== 0) {
    console.error(
      `Tools are missing: install Debian's ${names.join(" and ")} (apt-get install -y ${names.join(" ")}), or run npm test as root.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${names.join(" and ")} from Debian's packages…`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...names],
  ]) {
    const r = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

function step(title, cmd, args, extraEnv = {}) {
  const t = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

/** Steps that share nothing, at once (each is one busy thread; the machine has two cores). */
async function together(steps) {
  const t = Date.now();
  const titles = steps.map((s) => s[0]).join(" and ");
  console.log(`\n▶ ${titles}`);
  const results = await Promise.all(
    steps.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          let out = "";
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          child.stdout.on("data", (d) => (out += d));
          child.stderr.on("data", (d) => (out += d));
          child.on("close", (code, signal) => resolve({ title, code: code ?? 1, signal, out }));
        }),
    ),
  );
  for (const r of results) if (r.out.trim()) console.log(r.out.trimEnd());
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n✖ ${failed.title} failed (exit ${failed.signal ?? failed.code})`);
    process.exit(failed.code || 1);
  }
  console.log(`✔ ${titles} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

ensureDebianTools();
if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: database tests run on PGlite only.");
// The build does not wait for the type-check (next.config.ts: the check runs once, here): the
// three at once finish sooner on two cores than the checks followed by the build. A type error
// still fails the run here, before any test.
await together([
  ["Format", bin("biome"), ["format", "."]],
  ["Type-check", bin("tsc"), ["--noEmit", "-p", "."]],
  ["Lint", bin("eslint"), [".", "--max-warnings=0"]],
  ["Production build", process.execPath, ["-e", "import('./scripts/build-stamp.mjs').then((m) => m.ensureBuild())"]],
]);
step("Unit and integration tests", bin("vitest"), ["run"]);
step("Bundle budget", process.execPath, ["scripts/bundle-budget.mjs"]);
step("Browser tests", bin("playwright"), ["test"]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
