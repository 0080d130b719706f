import { z } from "zod";

/**
 * The one rule for text people type (names, codes, notes, addresses): no control characters and no
 * lone UTF-16 surrogates. None belong in such text, and PostgreSQL refuses NUL and broken UTF-16
 * (inside JSON too), so a value that passed here can always be stored and compared.
 */

/** One line: no control character at all. */
export const SINGLE_LINE_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;

/** Several lines (notes): line breaks and tabs are the only control characters allowed. */
export const MULTI_LINE_TEXT = /^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u;

/** What can never be stored or looked up (a path segment holding it names nothing). */
export const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

/**
 * Trimmed single-line text of at most `max` characters. Refusals say a message key (spec §5's
 * validation.invalid), so a form showing the contract's own schema shows a translated message.
 */
export const singleLine = (max: number, message = "validation.invalid") =>
  z.string().trim().max(max, message).regex(SINGLE_LINE_TEXT, message);

/** Trimmed multi-line text of at most `max` characters (notes). */
export const multiLine = (max: number, message = "validation.invalid") =>
  z.string().trim().max(max, message).regex(MULTI_LINE_TEXT, message);
