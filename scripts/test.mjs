#!/usr/bin/env node
// `npm test`: type-check, lint, unit + integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the production build and its first-load JavaScript budgets, then the
// browser journeys against that build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const started = Date.now();

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  if (process.getuid?.() !== 0) {
    console.error("Chromium is missing: install Debian's `chromium` package (apt-get install -y chromium), or run npm test as root.");
    process.exit(1);
  }
  console.log("Installing Chromium from Debian's packages…");
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "chromium"]]) {
    const r = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
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

ensureChromium();
if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: database tests run on PGlite only.");
await together([
  ["Type-check", bin("tsc"), ["--noEmit", "-p", "."]],
  ["Lint", bin("eslint"), [".", "--max-warnings=0"]],
]);
step("Unit and integration tests", bin("vitest"), ["run"]);
step("Production build", process.execPath, ["-e", "import('./scripts/build-stamp.mjs').then((m) => m.ensureBuild())"]);
step("Bundle budget", process.execPath, ["scripts/bundle-budget.mjs"]);
step("Browser tests", bin("playwright"), ["test"]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
