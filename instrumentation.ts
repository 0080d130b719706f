/** Runs once when the server starts: a bad environment fails here, and the database is ready before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/env");
  const e = env();
  if (e.PLATFORM_API_URL) return;
  const { platformDb } = await import("./platform/db");
  const started = Date.now();
  const handle = await platformDb();
  console.log(`[platform] ${handle.kind === "postgres" ? "PostgreSQL" : `PGlite (${e.DATA_DIR})`} ready in ${Date.now() - started} ms`);
  // Expired codes, rate windows, tokens and development SMS are pruned hourly (any instance may).
  const { pruneExpired } = await import("./platform/services/housekeeping");
  const prune = () => pruneExpired(handle.db).catch((err) => console.error("[platform] pruning failed", err));
  setInterval(prune, 60 * 60 * 1000).unref();
  void prune();
}
