// `--import`ed into the storefront server's process ahead of Next (scripts/server-env.mjs).
import http from "node:http";
import v8 from "node:v8";
import { adoptBuiltConfig } from "./built-config.mjs";
import { writeChannel } from "../server/process-channels.mjs";
import { installRequestGuard } from "./request-guard.mjs";

// Malformed %-escapes in a path are a 400, not Next's 500: see request-guard.mjs.
installRequestGuard();

// A connection that has not sent its request's headers within 10 s, or its whole request (bodies of
// up to 5 MB, a receipt from a phone on a slow line) within 2 minutes, is answered 408 and closed:
// Node's own 60 s and 5 minutes, checked every 30 s, let a few hundred connections trickling bytes
// hold the server's sockets for minutes. Set on the server `next start` creates, before it listens
// (the check's interval is read then).
const createServer = http.createServer;
http.createServer = function (...args) {
  const server = createServer.apply(this, args);
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  server.connectionsCheckingInterval = 1_000;
  return server;
};

// `next start` on the configuration its build resolved, not next.config.ts again: see built-config.mjs.
adoptBuiltConfig();

// The embedded database's WebAssembly (PGlite, 9 MB) compiled once, optimised, and only the
// functions it runs: V8's default compiles every function twice (a quick baseline, then an
// optimised copy of the hot ones) and keeps both. PGlite alone on the demo's queries, one process:
// RSS 247 → 163 MB, 2,000 small queries 724 → 540 ms. The server after npm run bench:memory's
// load: 434-440 MB without these flags, 409 with them (both with Node's young generation). The
// price is paid once, at start: healthy in 6-7 s instead of 3.5. Set here, not in NODE_OPTIONS:
// Node does not take these V8 flags there.
v8.setFlagsFromString("--no-liftoff");
v8.setFlagsFromString("--wasm-lazy-compilation");

// The old generation may grow 10 % past what the last full collection kept before the next one
// starts (SF_HEAP_GROWING_PERCENT; 0 leaves it to V8, which let ~90 MB of live objects grow to
// ~120 MB between collections here, with the pages committed for it kept). npm run bench:memory,
// same hour: 294 MB after the load against 302-334 MB; full collections every ~0.9 s under the
// load instead of every ~2.3 s, each 8-16 ms as before, most of the marking on a helper thread;
// bench:http's product page and cart within the hour's noise either way.
const growingPercent = Number(process.env.SF_HEAP_GROWING_PERCENT ?? 10);
if (growingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${growingPercent}`);

// Said last, once all of the above is in place: a production server started without this preload
// (a bare `next start`) has none of it, nor the memory settings of its command line, and refuses
// to run (instrumentation-node.ts).
writeChannel("serverPreload", true);
