/** The Node.js server's start (instrumentation.ts): a bad environment fails here, and the database is ready before the first request. */
export async function registerNode() {
  // A production server says which it is: the demo (SANDBOX=on: development keys, provider
  // sandboxes; what `npm start` sets when unset) or a deployment (SANDBOX=off, with its secrets).
  // Left unset, it would quietly run a deployment on the development keys.
  if (process.env.NODE_ENV === "production" && !process.env.SANDBOX) {
    console.error(
      "Invalid environment:\n  SANDBOX: must be set in production: on (the demo: development keys and provider sandboxes) or off (a deployment, with JWT_SECRET, SESSION_PASSWORD and an SMS gateway)",
    );
    process.exit(1);
  }
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
}
