import { readChannel } from "@/server/process-channels.mjs";

/**
 * A server runs only as the entry starts it. A bare `next start` would serve without the request
 * guard (malformed addresses answered 500, X-Forwarded-For believed from anyone, no outage page,
 * no page-cache fast path) and without the memory settings, which only a process's start can take
 * (the heap caps, malloc's environment, V8's flags): it stops here, saying how to start it. Under
 * `next dev` the guard is put in front now, so that development answers as production does (it
 * patches http.Server's prototype, which the running server uses too).
 */
async function startedThroughTheEntry() {
  // `next build` may run this hook in its workers: a build is not a server.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Set by scripts/server-preload.mjs, which the entry (scripts/start.mjs) puts on the server's command line.
  if (readChannel("serverPreload")) return;
  // Anything but `next dev` (which sets development), a NODE_ENV of the operator's own included.
  if (process.env.NODE_ENV !== "development") {
    console.error(
      "Started without the storefront's entry: start the server with `npm start` (or `node scripts/start.mjs`), not a bare `next start`, which runs without the request guard (malformed addresses, TRUSTED_PROXIES, the outage page) and without the memory settings only a process's start can take.",
    );
    process.exit(1);
  }
  // The file itself, at run time (not bundled): it finds its pages and messages next to it.
  const [path, { pathToFileURL }] = await Promise.all([import("node:path"), import("node:url")]);
  const guard = pathToFileURL(path.join(/*turbopackIgnore: true*/ process.cwd(), "scripts/request-guard.mjs")).href;
  const { installRequestGuard } = (await import(
    /* turbopackIgnore: true */ guard
  )) as typeof import("./scripts/request-guard.mjs");
  installRequestGuard();
}

/** The Node.js server's start (instrumentation.ts): a bad environment fails here, and the database is ready before the first request. */
export async function registerNode() {
  await startedThroughTheEntry();
  const { env } = await import("./server/env");
  const e = env();
  if (e.PLATFORM_API_URL) return;
  const [{ platformDb }, { installEmbedded }] = await Promise.all([
    import("./platform/db"),
    import("./platform/embed"),
  ]);
  // The storefront's platform client calls this process's platform in-process from now on.
  installEmbedded();
  const started = Date.now();
  const handle = await platformDb().catch((err) => {
    // Another server holds the embedded data folder (platform/db/data-dir-lock.ts): say so and stop before serving.
    if (err instanceof Error && err.name === "DataDirInUse") {
      console.error(`[platform] ${err.message}`);
      process.exit(1);
    }
    throw err;
  });
  console.log(
    `[platform] ${handle.kind === "postgres" ? "PostgreSQL" : `PGlite (${e.DATA_DIR})`} ready in ${Date.now() - started} ms`,
  );
  // Expired codes, rate windows, tokens and development SMS are pruned hourly (any instance may).
  const { pruneExpired } = await import("./platform/services/housekeeping");
  const prune = () => pruneExpired(handle.db).catch((err) => console.error("[platform] pruning failed", err));
  setInterval(prune, 60 * 60 * 1000).unref();
  void prune();
  // Every instance sends the customer messages waiting in the outbox (docs/messages.md): the
  // claims keep any two from sending one message twice.
  const { startMessageWorker } = await import("./platform/notify/worker");
  startMessageWorker(handle.db);
}
