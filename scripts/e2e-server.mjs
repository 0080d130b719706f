#!/usr/bin/env node
// The server the browser tests run against: `npm start` on a fresh embedded database.
import { rmSync } from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(".data", "e2e");
rmSync(path.join(root, dataDir), { recursive: true, force: true });
const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: process.env.E2E_PORT || "3100" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
