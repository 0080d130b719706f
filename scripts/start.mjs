#!/usr/bin/env node
// `npm start`: builds when there is no build of the current sources, then serves the storefront
// with `next start` on PORT (default 3000). The server migrates and seeds a database itself; an
// empty embedded one is first created and seeded in a process of its own (`npm run tenant -- setup`).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import nextEnv from "@next/env";
import { ensureBuild, nextBin, root } from "./build-stamp.mjs";
import { serverEnv } from "./server-env.mjs";

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

ensureBuild();

// Creating an embedded PostgreSQL cluster, migrating and seeding it leave PGlite's WebAssembly
// memory grown for good (~430 MB more RSS for the server's whole life, measured with
// npm run bench:memory): done in a short-lived process, the server opens a cluster that exists.
nextEnv.loadEnvConfig(root, false, { info: () => {}, error: (...args) => console.error(...args) });
const dataDir = path.resolve(root, process.env.DATA_DIR || ".data/pglite");
if (!process.env.DATABASE_URL && !process.env.PLATFORM_API_URL && !existsSync(path.join(dataDir, "PG_VERSION"))) {
  const setup = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/tenant.ts"), "setup"],
    { cwd: root, stdio: "inherit", env: process.env },
  );
  if (setup.status !== 0) process.exit(setup.status ?? 1);
}

const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
  cwd: root,
  stdio: "inherit",
  env: serverEnv({ NEXT_TELEMETRY_DISABLED: "1", ...process.env }),
});
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
      console.log(`  http://coffee.${base}:${port}    Bunn Roastery (Arabic only, quick checkout)\n`);
      if (!process.env.SANDBOX)
        console.log(
          "SANDBOX=on (unset): development keys and provider sandboxes. A deployment sets SANDBOX=off with its secrets.\n",
        );
    } else setTimeout(probe, 500);
  });
  req.on("error", () => setTimeout(probe, 500));
}
probe();
