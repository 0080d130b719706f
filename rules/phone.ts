// Mobile numbers: one normaliser shared by the phone input (browser) and the platform (OTP send).
// The "mobile" metadata makes isValid() accept mobile numbers only (a landline cannot receive the code).
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

/** The countries the sign-in picker offers, in the spec's order (§5); sign-in accepts these only. */
export const COUNTRY_ORDER = ["SA", "AE", "KW", "QA", "BH", "OM"] as const;

export type SupportedCountry = (typeof COUNTRY_ORDER)[number];

/** International dialing codes without "+", for the picker's labels. */
export const DIALING_CODES: Record<SupportedCountry, string> = {
  SA: "966",
  AE: "971",
  KW: "965",
  QA: "974",
  BH: "973",
  OM: "968",
};

const supported = new Set<string>(COUNTRY_ORDER);

export function isSupportedCountry(country: string): country is SupportedCountry {
  return supported.has(country);
}

/**
 * The E.164 form ("+9665XXXXXXXX") of a mobile number typed with or without its country code
 * (national "05…", "5…", "+966…", "00966…", Arabic-Indic digits), or null when it is not a valid
 * mobile number of a supported country. Restricting countries keeps codes from being sent to
 * premium or far-away numbers (SMS pumping).
 */
export function normalizeMobile(input: string, defaultCountry: SupportedCountry = "SA"): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!parsed || !parsed.isValid() || !parsed.country || !supported.has(parsed.country)) return null;
  return parsed.number;
}

/** Splits a normalised number for the picker: its country and the national significant digits. */
export function splitMobile(e164: string): { country: SupportedCountry; nationalNumber: string } | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.country || !isSupportedCountry(parsed.country)) return null;
  return { country: parsed.country, nationalNumber: parsed.nationalNumber };
}

/** A stored number as people read it ("+966 55 123 4567"); anything it cannot parse, as stored. */
export function displayMobile(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
