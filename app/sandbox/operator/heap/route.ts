import { z } from "zod";
import { operatorRoute } from "../operator-route";

export const dynamic = "force-dynamic";

/**
 * POST /sandbox/operator/heap {} — browser-test servers only (SANDBOX_OPERATOR): the JavaScript heap
 * in use after garbage collection (when the server runs with --expose-gc), so that a test can tell
 * what a load left behind (made-up Host names must leave next to nothing).
 */
export const POST = operatorRoute(z.object({}), "Send {}", async () => {
  // Node's own global (--expose-gc), not a value of the project's: nothing to declare as a channel.
  // eslint-disable-next-line no-restricted-globals
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass may only finalize what the second frees.
  gc?.();
  gc?.();
  return Response.json({ data: { heapUsed: process.memoryUsage().heapUsed, collected: Boolean(gc) } });
});
