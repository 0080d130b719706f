#!/usr/bin/env node
// A server for the browser tests: `npm start` on a fresh embedded database, or with --postgres on a
// fresh PostgreSQL database created through TEST_DATABASE_URL (--settings: a second embedded one).
// The build is made once, by `npm test` (or by the first embedded server's start); the others wait for it.
import { rmSync } from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { isBuilt, root } from "./build-stamp.mjs";

const usePostgres = process.argv.includes("--postgres");

/** Waits for the build the first embedded server's start makes when there is none (one build at a time). */
async function builtByTheOtherServer() {
  const deadline = Date.now() + 280_000;
  while (!isBuilt()) {
    if (Date.now() > deadline) throw new Error("No build of the current sources appeared");
    await new Promise((r) => setTimeout(r, 1000));
  }
}
// Every journey signs in from 127.0.0.1: the per-address send limit is for the open internet.
const env = { ...process.env, OTP_SENDS_PER_IP: "1000", VITALS_PER_IP: "100000", SANDBOX_OPERATOR: "on" };

if (usePostgres) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const stale = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'sf_e2e_%'");
  for (const { datname } of stale.rows)
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
  const name = `sf_e2e_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.PORT = process.env.E2E_PG_PORT || "3102";
  await builtByTheOtherServer();
} else {
  // --settings: a second embedded server, for the journeys that change a store's settings while
  // the others browse the first one (playwright.config.ts, project "provider-switch").
  const settings = process.argv.includes("--settings");
  env.DATA_DIR = path.join(".data", settings ? "e2e-settings" : "e2e");
  env.DATABASE_URL = "";
  env.PORT = settings ? process.env.E2E_SETTINGS_PORT || "3106" : process.env.E2E_PORT || "3100";
  rmSync(path.join(root, env.DATA_DIR), { recursive: true, force: true });
  if (settings) await builtByTheOtherServer();
}

const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
