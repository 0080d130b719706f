/**
 * A refusal carrying a code and the HTTP status it answers with (and details such as the field).
 * The platform, the BFF and the browser's clients each subclass it, so `instanceof` still tells
 * whose refusal it is, and one mapper (error-envelope.ts) turns any of them into the envelope.
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

export type CodedErrorClass = new (
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
) => CodedError;
