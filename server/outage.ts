import { writeChannel } from "./process-channels.mjs";

/**
 * A database outage, told apart from a bug: the database (or the platform behind it) cannot be
 * reached right now. Such a failure answers 503 SP:ServiceUnavailable with Retry-After, never a
 * 500 with a stack, and is noted process-wide so that the server's request guard
 * (scripts/request-guard.mjs) can turn a page's 500 into the translated "temporarily unavailable"
 * page. Nothing here holds a connection: recovery needs no restart.
 */

/** Socket failures (node-postgres reports the socket's own code). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** SQLSTATE: connection exceptions (class 08), the server shutting down or starting (57P01–57P03), too many connections (53300). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres's own words for a connection lost or never made. */
const UNREACHABLE_TEXT =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed)/;

export const OUTAGE_RETRY_AFTER_S = 5;

/** True when `err` (or what it wraps: drizzle's query errors keep the driver's error as `cause`) says the database cannot be reached. */
export function isUnreachable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === "string" && UNREACHABLE_TEXT.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isUnreachable(e, depth + 1))) return true;
  return isUnreachable(cause, depth + 1);
}

/** Notes that the database could not be reached just now, for the request guard (a channel: see process-channels.mjs). */
export function noteOutage(now = Date.now()): void {
  writeChannel("lastOutageAt", now);
}
