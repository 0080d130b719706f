// Whether .next holds a build of the current sources, and building when it does not.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const stampFile = path.join(root, ".next", "source-fingerprint");

/** What the build is made from: every folder the app's modules live in, and the files that configure it. */
export const SOURCES = [
  "app",
  "components",
  "contract",
  "lib",
  "payment-providers",
  "platform",
  "rules",
  "server",
  "messages",
  "i18n",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

/** A hash of the sources a build depends on, so that a changed checkout is rebuilt. */
export function sourceFingerprint() {
  const hash = createHash("sha1");
  const walk = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!name.endsWith(".test.ts")) walk(path.join(p, name));
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const s of SOURCES) walk(path.join(root, s));
  return hash.digest("hex");
}

export function isBuilt(fingerprint = sourceFingerprint()) {
  return (
    existsSync(path.join(root, ".next", "BUILD_ID")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === fingerprint
  );
}

/**
 * Runs `next build` and stamps the build with the sources it was made from (`npm run build`, and
 * ensureBuild), so that the entry serves it as it is. Exits the process on failure.
 */
export function build(fingerprint = sourceFingerprint()) {
  const r = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stampFile, fingerprint);
}

/** Runs `next build` unless the current sources are built already. Exits the process on failure. */
export function ensureBuild() {
  const fingerprint = sourceFingerprint();
  if (isBuilt(fingerprint)) return;
  console.log("Building the storefront (first start, or the sources changed)…");
  build(fingerprint);
}
