#!/usr/bin/env node
// The storefront server's one entry: `npm start`, a deployment's instances, the journeys' and the
// benches' servers. It serves the build with `next start` on PORT (default 3000) in a process of
// its own, started with the settings only a process's start can take (scripts/server-env.mjs: the
// heap caps, malloc's environment, the preload with the request guard and V8's flags); a
// production server started any other way refuses to run (instrumentation-node.ts).
// The demo (`npm install && npm start`) builds when there is no build of the current sources; a
// production environment (NODE_ENV=production) never builds here: several instances would build
// into one folder at once, and an image is built once (`npm run build`).
// The server migrates and seeds a database itself; an empty embedded one is first created and
// seeded in a process of its own (`npm run tenant -- setup`).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import nextEnv from "@next/env";
import { ensureBuild, isBuilt, nextBin, root } from "./build-stamp.mjs";
import { serverEnv } from "./server-env.mjs";

// The .env files, as the server reads them: PORT, NODE_ENV, SANDBOX and the database decide below.
nextEnv.loadEnvConfig(root, false, { info: () => {}, error: (...args) => console.error(...args) });

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

// A production server says which it is: the demo (SANDBOX=on: development keys, provider
// sandboxes; what this entry sets when unset, unless NODE_ENV=production is set) or a deployment
// (SANDBOX=off, with its secrets). Left unset, it would quietly run a deployment on the development
// keys. Said before anything is built, created or seeded: the answer does not depend on them.
if (process.env.NODE_ENV === "production" && !process.env.SANDBOX) {
  console.error(
    "Invalid environment:\n  SANDBOX: must be set in production: on (the demo: development keys and provider sandboxes) or off (a deployment, with JWT_SECRET, SESSION_PASSWORD and an SMS gateway)",
  );
  process.exit(1);
}

if (process.env.NODE_ENV !== "production") ensureBuild();
else if (!isBuilt()) {
  console.error(
    "No build of the current sources in .next: build with `npm run build` before starting (NODE_ENV=production: the entry does not build).",
  );
  process.exit(1);
}

// Creating an embedded PostgreSQL cluster, migrating and seeding it leave PGlite's WebAssembly
// memory grown for good (~430 MB more RSS for the server's whole life, measured with
// npm run bench:memory): done in a short-lived process, the server opens a cluster that exists.
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
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => {
    stopping = true;
    child.kill(sig);
  });
// A server that stopped because it was told to is a clean stop; one killed otherwise (out of
// memory, kill -9) is a failure its supervisor must see, as a shell reports it (128 + the signal).
child.on("exit", (code, signal) => process.exit(code ?? (stopping ? 0 : 128 + (os.constants.signals[signal] ?? 0))));

// Wait until the default tenant answers (the database is migrated and seeded by then), then say where to go.
const started = Date.now();
function probe() {
  const req = http.get({ host: "127.0.0.1", port, path: "/", headers: { host: `localhost:${port}` } }, (res) => {
    res.resume();
    if (res.statusCode && res.statusCode < 500) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // A deployment (SANDBOX=off) has no demo stores to point at.
      if (/^(off|false|0)$/.test(process.env.SANDBOX ?? "")) {
        console.log(`\nStorefront ready in ${seconds} s on port ${port}.\n`);
        return;
      }
      const base = process.env.BASE_DOMAIN || "localhost";
      console.log(`\nStorefront ready in ${seconds} s:`);
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
