/**
 * A refusal carrying the platform's `SP:` code (and details such as the field). The browser's BFF
 * clients and the BFF itself each subclass it, so `instanceof` still tells whose refusal it is.
 */
export class CodedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type CodedErrorClass = new (status: number, code: string, message: string, details?: Record<string, unknown>) => CodedError;
