import { CodedError } from "@/contract/coded-error";

/**
 * The one error type the platform throws: an `SP:` code (spec §8) and the HTTP status it maps to.
 * A CodedError, so the one envelope mapper (server/error-envelope.ts) answers it as it is.
 */
export class PlatformError extends CodedError {
  constructor(code: string, status = 400, message?: string, details?: Record<string, unknown>) {
    super(status, code, message ?? code, details);
    this.name = "PlatformError";
  }
}

export const notFound = (what = "Entity") => new PlatformError("SP:EntityNotFound", 404, `${what} not found`);
export const validation = (message: string, details?: Record<string, unknown>) =>
  new PlatformError("SP:ValidationError", 400, message, details);
