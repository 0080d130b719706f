import { ZodError } from "zod";
import { CodedError } from "./coded-error";
import type { ApiError } from "./errors";

/**
 * The one mapping from a thrown error to the envelope `{error: {code, message, details?}}` and its
 * HTTP status, used by the platform's router and the storefront's BFF alike. A coded refusal keeps
 * its code and status; a schema failure is SP:ValidationError with the failing fields; anything
 * else is logged and answered SP:InternalError without its text (a stack never reaches a client).
 */
export function errorEnvelope(err: unknown, where: string): { status: number; error: ApiError } {
  if (err instanceof CodedError) {
    return { status: err.status, error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
  }
  if (err instanceof ZodError) {
    const details = Object.fromEntries(err.issues.map((i) => [i.path.join(".") || "body", i.message]));
    return { status: 400, error: { code: "SP:ValidationError", message: "The request is not valid", details } };
  }
  console.error(`[${where}] unexpected error`, err);
  return { status: 500, error: { code: "SP:InternalError", message: "Something went wrong on our side" } };
}

/** The envelope as a JSON response that no cache keeps. */
export function envelopeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

export function errorResponse(err: unknown, where: string): Response {
  const { status, error } = errorEnvelope(err, where);
  return envelopeResponse(status, { error });
}
