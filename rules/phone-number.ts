// A customer's other phone number (spec §3 `phone_number`): a landline or a mobile, any country.
// Kept apart from rules/phone.ts so that the sign-in's bundle keeps only the mobile metadata.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** The E.164 form of a phone number typed with or without its country code (Saudi by default), or null when it is not one. */
export function normalizePhone(input: string): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const parsed = parsePhoneNumberFromString(input.trim(), "SA");
  return parsed?.isValid() ? parsed.number : null;
}
