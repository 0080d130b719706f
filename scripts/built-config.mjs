// `next start` runs on the configuration its build resolved, the way Next's own standalone server
// does (`output: "standalone"` writes that configuration into server.js and hands it to Next in
// __NEXT_PRIVATE_STANDALONE_CONFIG). Without it, `next start` evaluates next.config.ts again: it
// loads Next's SWC compiler to transpile the file (a 96 MB native module, 26.5 MB of it resident)
// and next-intl's build plugin, which loads @swc/core (13 MB more); neither is used again by a
// running server, yet both stay resident (npm run bench:memory). The environment is still checked
// at start (server/env.ts), and the build checks it through next.config.ts. Installed by
// scripts/server-preload.mjs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// `next start`'s options that take a value (the rest are flags or `--name=value`).
const VALUE_OPTIONS = new Set(["-p", "--port", "-H", "--hostname", "--keepAliveTimeout"]);

/** The project folder a `next start` command line (process.argv) serves, or null for any other command. */
export function nextStartDir(argv, cwd) {
  if (!/(next[\\/]dist[\\/]bin[\\/]next|\.bin[\\/]next)$/.test(argv[1] ?? "")) return null;
  const args = argv.slice(2);
  if (args[0] !== "start") return null;
  for (let i = 1; i < args.length; i++) {
    if (VALUE_OPTIONS.has(args[i])) i++;
    else if (!args[i].startsWith("-")) return path.resolve(cwd, args[i]);
  }
  return cwd;
}

/**
 * Hands Next the configuration the build resolved (`.next/required-server-files.json`) when this
 * process is `next start` and a build is there; leaves a configuration already handed over alone.
 * Returns whether it did.
 */
export function adoptBuiltConfig(env = process.env, argv = process.argv, cwd = process.cwd()) {
  if (env.__NEXT_PRIVATE_STANDALONE_CONFIG) return false;
  const dir = nextStartDir(argv, cwd);
  const file = dir && path.join(dir, ".next", "required-server-files.json");
  if (!file || !existsSync(file)) return false;
  env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(file, "utf8")).config);
  return true;
}
