#!/usr/bin/env node
// `npm start`: builds when there is no build of the current sources, then serves the storefront
// with `next start` on PORT (default 3000). The server migrates and seeds an empty database itself.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import http from "node:http";

const root = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

const SOURCES = ["app", "components", "lib", "platform", "messages", "i18n", "public", "proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

/** A hash of the sources a build depends on, so that a changed checkout is rebuilt. */
function sourceFingerprint() {
  const hash = createHash("sha1");
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const s of SOURCES) walk(path.join(root, s));
  return hash.digest("hex");
}

const stampFile = path.join(root, ".next", "source-fingerprint");
const fingerprint = sourceFingerprint();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === fingerprint;
if (!built) {
  console.log("Building the storefront (first start, or the sources changed)…");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stampFile, fingerprint);
}

const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], { cwd: root, stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// Wait until the default tenant answers (the database is migrated and seeded by then), then say where to go.
const started = Date.now();
function probe() {
  const req = http.get({ host: "127.0.0.1", port, path: "/", headers: { host: `localhost:${port}` } }, (res) => {
    res.resume();
    if (res.statusCode && res.statusCode < 500) {
      const base = process.env.BASE_DOMAIN || "localhost";
      console.log(`\nStorefront ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
      console.log(`  http://localhost:${port}            Rimal Wellness (spa), the default tenant — Arabic`);
      console.log(`  http://localhost:${port}/en         the same in English`);
      console.log(`  http://spa.${base}:${port}`);
      console.log(`  http://coffee.${base}:${port}       Bunn Roastery (Arabic only, quick checkout)\n`);
    } else setTimeout(probe, 500);
  });
  req.on("error", () => setTimeout(probe, 500));
}
probe();
