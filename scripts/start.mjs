#!/usr/bin/env node
// `npm start`: builds when there is no build of the current sources, then serves the storefront
// with `next start` on PORT (default 3000). The server migrates and seeds an empty database itself.
import { spawn } from "node:child_process";
import http from "node:http";
import { ensureBuild, nextBin, root } from "./build-stamp.mjs";

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

ensureBuild();

const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], { cwd: root, stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
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
    } else setTimeout(probe, 500);
  });
  req.on("error", () => setTimeout(probe, 500));
}
probe();
