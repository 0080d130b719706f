import { ZodError } from "zod";
import { CodedError } from "@/contract/coded-error";
import type { ApiError } from "@/contract/errors";
import { isUnreachable, noteOutage, OUTAGE_RETRY_AFTER_S } from "./outage";

/**
 * The one mapping from a thrown error to the envelope `{error: {code, message, details?}}` and its
 * HTTP status, used by the platform's router and the storefront's BFF alike. A coded refusal keeps
 * its code and status; a schema failure is SP:ValidationError with the failing fields; a database
 * that cannot be reached is 503 SP:ServiceUnavailable (server/outage.ts); anything else is logged
 * and answered SP:InternalError without its text (a stack never reaches a client).
 */
export function errorEnvelope(err: unknown, where: string): { status: number; error: ApiError } {
  if (err instanceof CodedError) {
    return {
      status: err.status,
      error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
    };
  }
  if (err instanceof ZodError) {
    const details = Object.fromEntries(err.issues.map((i) => [i.path.join(".") || "body", i.message]));
    return { status: 400, error: { code: "SP:ValidationError", message: "The request is not valid", details } };
  }
  if (isUnreachable(err)) {
    noteOutage();
    console.error(`[${where}] the database cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
    return {
      status: 503,
      error: {
        code: "SP:ServiceUnavailable",
        message: "The store is temporarily unavailable",
        details: { retryAfterSeconds: OUTAGE_RETRY_AFTER_S },
      },
    };
  }
  console.error(`[${where}] unexpected error`, err);
  return { status: 500, error: { code: "SP:InternalError", message: "Something went wrong on our side" } };
}

/** The envelope as a JSON response that no cache keeps; a 503 or a 429 says when to try again (Retry-After). */
export function envelopeResponse(status: number, body: unknown): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  };
  const wait = (body as { error?: ApiError } | null)?.error?.details?.retryAfterSeconds;
  if ((status === 503 || status === 429) && typeof wait === "number") headers["retry-after"] = String(wait);
  return new Response(JSON.stringify(body), { status, headers });
}

export function errorResponse(err: unknown, where: string): Response {
  const { status, error } = errorEnvelope(err, where);
  return envelopeResponse(status, { error });
}
