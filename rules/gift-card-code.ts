import { toLatinDigits } from "./digits";

/**
 * Gift card codes: read aloud, typed on a phone and copied from a text message, so their alphabet
 * has no look-alikes (no 0/O, 1/I/L) and they are shown in groups of four (XXXX-XXXX-XXXX).
 * 31 symbols × 12 places ≈ 2⁵⁹ codes: unguessable, and guessing is rate limited besides.
 */
export const GIFT_CARD_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_LENGTH = 12;

/**
 * A code as typed, the way it is stored: upper case, Arabic-Indic digits as Latin, without the
 * dashes and spaces people put between groups ("abcd efgh-jkmn" → "ABCDEFGHJKMN").
 */
export function normalizeGiftCardCode(input: string): string {
  return toLatinDigits(input)
    .toUpperCase()
    .replace(/[\s\-‐-―_.]/g, "");
}

/** Whether a normalized code could be one the store gave (only then is it looked up). */
export function isGiftCardCodeShape(code: string): boolean {
  return code.length === GIFT_CARD_CODE_LENGTH && [...code].every((c) => GIFT_CARD_ALPHABET.includes(c));
}

/** A stored code in its groups, as the card page and the checkout show it. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}
