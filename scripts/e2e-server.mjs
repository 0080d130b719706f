#!/usr/bin/env node
// A server for the browser tests: `npm start` on a fresh embedded database, or with --postgres on a
// fresh PostgreSQL database created through TEST_DATABASE_URL. The build is made once, by
// `npm test` (or by the embedded server's start); the PostgreSQL server waits for it.
import { rmSync } from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { isBuilt, root } from "./build-stamp.mjs";

const usePostgres = process.argv.includes("--postgres");
// Every journey signs in from 127.0.0.1: the per-address send limit is for the open internet.
const env = { ...process.env, OTP_SENDS_PER_IP: "1000", SANDBOX_OPERATOR: "on" };

if (usePostgres) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const stale = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'sf_e2e_%'");
  for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
  const name = `sf_e2e_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.PORT = process.env.E2E_PG_PORT || "3102";
  const deadline = Date.now() + 280_000;
  while (!isBuilt()) {
    if (Date.now() > deadline) throw new Error("No build of the current sources appeared");
    await new Promise((r) => setTimeout(r, 1000));
  }
} else {
  env.DATA_DIR = path.join(".data", "e2e");
  env.DATABASE_URL = "";
  env.PORT = process.env.E2E_PORT || "3100";
  rmSync(path.join(root, env.DATA_DIR), { recursive: true, force: true });
}

const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
