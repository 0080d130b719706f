/**
 * Digits as people type them: Arabic-Indic (٠–٩) and Persian (۰–۹) ones read as Latin. Shared by
 * the forms (the code field, the card number) and the storefront's sign-in endpoint, which reads a
 * code the way the field shows it.
 */

export const OTP_CODE_LENGTH = 6;

/** Latin digits for Arabic-Indic (٠–٩) and Persian (۰–۹) ones; other characters stay. */
export function toLatinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * What the code field keeps of what was typed, pasted or autofilled: the digits only, in Latin,
 * at most six ("١٢٣ ٤٥٦" → "123456", "Your code: 123456" → "123456").
 */
export function normalizeOtpCode(text: string): string {
  return toLatinDigits(text).replace(/\D/g, "").slice(0, OTP_CODE_LENGTH);
}
