/**
 * A typed whole number in Latin or Arabic-Indic digits (٠–٩ and the Persian ۰–۹ that some
 * keyboards send); anything else is ignored. 0 when there is no digit.
 */
export function parseDigits(text: string): number {
  const latin = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const digits = latin.replace(/\D/g, "").slice(0, 6);
  return digits ? Number(digits) : 0;
}
