/**
 * Platform error codes (`SP:…`, spec §8 and the platform's own) → message keys of the `errors`
 * namespace. Pure: used by server components, the BFF and client components alike.
 */
import { ERROR_CODES } from "@/contract/errors";
import { codeMessageKey, failureKey } from "./error-key";

/** Every code an answer may carry has a message (a test holds messages/*.json to it). */
export const KNOWN_ERROR_CODES = ERROR_CODES;

export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[number];

/** Keys without a code: an unrecognised error, and a request that never got an answer. */
export const FALLBACK_ERROR_KEYS = ["unknown", "network"] as const;

const known = new Set<string>(KNOWN_ERROR_CODES);

export function isKnownErrorCode(code: unknown): code is KnownErrorCode {
  return typeof code === "string" && known.has(code);
}

/**
 * The key inside the `errors` namespace for a code: ":" becomes "_" (next-intl keys cannot hold
 * ":"), e.g. "SP:Reservation:SelectedSlotIsUnavailableOrOutdated" →
 * "SP_Reservation_SelectedSlotIsUnavailableOrOutdated". Codes without a message → "unknown".
 */
export function errorMessageKey(code: string | null | undefined): string {
  return isKnownErrorCode(code) ? codeMessageKey(code) : "unknown";
}

/** The `errors` key for a failed call to the store, by its code when the code has a message. */
export const failureMessageKey = (err: unknown): string => failureKey(err, errorMessageKey);
