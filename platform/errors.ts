/** The one error type the platform throws: an `SP:` code (spec §8) and the HTTP status it maps to. */
export class PlatformError extends Error {
  constructor(
    readonly code: string,
    readonly status: number = 400,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = "PlatformError";
  }
}

export const notFound = (what = "Entity") => new PlatformError("SP:EntityNotFound", 404, `${what} not found`);
export const validation = (message: string, details?: Record<string, unknown>) => new PlatformError("SP:ValidationError", 400, message, details);
