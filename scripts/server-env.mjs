import path from "node:path";
import { pathToFileURL } from "node:url";

// The process settings a storefront server runs with, by `npm start` and by the benches alike
// (measured with npm run bench:memory, 10,000 mixed requests on the embedded default):
//   - the JavaScript heap capped at 256 MB (SF_HEAP_MB): its live set after the load is ~100 MB,
//     but under load V8 lets garbage grow the heap to 420 MB before collecting; capped, RSS after
//     the load went from 795 to 512 MB at the same throughput (69.8 s against 77.2 s);
//   - two malloc arenas (MALLOC_ARENA_MAX): native memory (sharp's image work, PGlite) spread over
//     one arena per thread otherwise; 512 → 471 MB;
//   - glibc's malloc hands blocks of 32 KB and more to mmap, and so back to the system when freed
//     (GLIBC_TUNABLES=glibc.malloc.mmap_threshold=32768; glibc's own threshold starts at 128 KB and
//     rises with use). What V8 allocates to compile (PGlite's functions, at start) was freed into
//     malloc's main heap and stayed resident behind whatever was allocated after it, by chance:
//     five starts held 25-50 MB there after the first page (RSS 215-239 MB), with the setting
//     11-13 MB (194-198 MB). bench:memory 267 MB after the load against 283-305 on the same
//     build; bench:http's product page 54-61 % of bare node:http against 47-56 %, the cart alike;
//   - a young generation of 2 × 8 MB instead of Node's 2 × 16 (SF_SEMI_SPACE_MB), resident memory
//     the server holds for good: after the load 409 MB with 16, 370 with 8, 359 with 4; the load
//     took 96, 102 and 122 s (with 4, objects alive across a request's awaits are promoted early and
//     old-space collections multiply).
// Each is left alone when the environment already sets it. SANDBOX defaults to on here (the
// demo), said aloud by `npm start`, unless the environment says NODE_ENV=production: a production
// server must be told which it is. And scripts/server-preload.mjs: the request guard (malformed
// %-escapes in a path are a 400, not Next's 500) and PGlite's WebAssembly compiled once.

/** The environment for a server process: `env` with the defaults above added where unset. */
export function serverEnv(env = process.env) {
  const heapMb = Number(env.SF_HEAP_MB || 256);
  const nodeOptions = env.NODE_OPTIONS ?? "";
  const heap = /--max-old-space-size/.test(nodeOptions) ? "" : ` --max-old-space-size=${heapMb}`;
  const semi = /--max-semi-space-size/.test(nodeOptions)
    ? ""
    : ` --max-semi-space-size=${Number(env.SF_SEMI_SPACE_MB || 8)}`;
  const preload = nodeOptions.includes("server-preload")
    ? ""
    : ` --import=${pathToFileURL(path.join(import.meta.dirname, "server-preload.mjs")).href}`;
  return {
    ...env,
    NODE_OPTIONS: `${nodeOptions}${heap}${semi}${preload}`.trim(),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2",
    GLIBC_TUNABLES: env.GLIBC_TUNABLES || "glibc.malloc.mmap_threshold=32768",
    // The demo unless told otherwise. A production environment left unset would run a deployment
    // on the development keys: the entry refuses to guess (scripts/start.mjs).
    ...(env.SANDBOX || env.NODE_ENV === "production" ? {} : { SANDBOX: "on" }),
  };
}
