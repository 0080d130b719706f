import "server-only";
import { createHash } from "node:crypto";
import { processSingleton } from "@/server/process-channels.mjs";

/**
 * Refresh tokens rotate, and the platform treats a second use of one as theft (the whole family
 * is revoked). A page load with an expired token sends several requests at once (the session,
 * the cart), each carrying the same cookie: without this they would all refresh, and every one
 * but the first would sign the customer out. So one refresh runs per refresh token, and its
 * answer is kept briefly for requests that were already on their way with the old cookie.
 */

/** Long enough for requests sent before the browser stored the new cookie. */
const REUSE_WINDOW_MS = 30_000;

type Entry<T> = { result: Promise<T>; expires: number; issued?: string };

// One map per process, whichever bundle of the server asks.
const refreshes = processSingleton("sessionRefreshes", () => new Map<string, Entry<unknown>>());

const keyOf = (refreshToken: string) => createHash("sha256").update(refreshToken).digest("base64url");

function sweep(now: number) {
  for (const [key, entry] of refreshes) if (entry.expires <= now) refreshes.delete(key);
}

/**
 * Runs `refresh` once per refresh token; concurrent and slightly late callers share its answer.
 * Once the answer's own refresh token is spent in turn, the shared answer is dropped: handing it
 * out then would make its holder reuse a rotated token.
 */
export function refreshOnce<T extends { refresh_token: string }>(
  refreshToken: string,
  refresh: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  sweep(now);
  const key = keyOf(refreshToken);
  const hit = refreshes.get(key) as Entry<T> | undefined;
  if (hit) return hit.result;
  for (const [k, entry] of refreshes) if (entry.issued === key) refreshes.delete(k);
  const result = refresh();
  const entry: Entry<T> = { result, expires: Number.POSITIVE_INFINITY };
  refreshes.set(key, entry);
  result.then(
    (answer) => {
      entry.expires = Date.now() + REUSE_WINDOW_MS;
      entry.issued = keyOf(answer.refresh_token);
    },
    // A failed refresh is not remembered: the next request may try again (after an outage).
    () => refreshes.delete(key),
  );
  return result;
}
