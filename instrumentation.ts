/** Runs once when the server starts: a bad environment fails here, and the database is ready before the first request. */
export async function register() {
  // Node.js only (process.exit, the database): kept out of the Edge build.
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).registerNode();
}
