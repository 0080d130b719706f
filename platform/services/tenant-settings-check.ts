import { z } from "zod";
import {
  LOCALES,
  ONLINE_PAYMENT_PROVIDERS,
  SETTINGS_KEYS,
  parseAttributionDays,
  parseCartMinimum,
  parseContactEmail,
  parseContactPhone,
  parseCrNumber,
  parseVatNumber,
  parseChangeWindowHours,
  parseGiftCardExpiryDays,
  parseDeliveryDays,
  parseReturnDays,
  parseQuietHours,
  parseReminderHours,
  parseRadiusKm,
  parseRiyals,
  pixelId,
  type CoreSettingsKey,
  type SettingsKey,
} from "@/contract/tenant-settings";
import type { SettingRule } from "@/contract/provider-profile";
import { PROVIDER_SETTINGS } from "@/payment-providers/profiles";
import { safeLink } from "@/rules/safe-link";

/** Settings are validated when written (operator tooling): every value a string, keys non-empty. */
const settingsMapSchema = z.record(z.string().min(1), z.string());

/**
 * Write-time checks of a tenant's settings map (operator tooling). The storefront reads the map
 * leniently (lib/tenant-config.ts: "true" is off, an unknown language is dropped, a bad pixel ID is
 * skipped); an operator should hear about such a value when writing it, not find it silently ignored.
 * Structure: a map of non-empty keys to text; meaning comes from the storefront's own parsers.
 */

export type SettingsIssue = { key: string; message: string };

/** A value's problem, or null when the storefront reads it as meant. */
type Rule = (value: string) => string | null;

const flag: Rule = (v) => {
  if (v === "True" || v === "False") return null;
  if (v.trim().toLowerCase() === "true") return `"${v}" would read as off: a flag is on only for the exact text "True"`;
  return `must be "True" or "False"`;
};
const text: Rule = () => null;
const oneOf =
  (values: readonly string[]): Rule =>
  (v) =>
    values.includes(v) ? null : `must be one of ${values.map((x) => `"${x}"`).join(", ")}`;
const link: Rule = (v) => (safeLink(v) ? null : "must be a path on the store (/products) or an http(s) URL");
const pixel: Rule = (v) =>
  pixelId(v) === v ? null : "must be 1–64 letters, digits, - or _ (the ID goes into a script URL)";
const publishable: Rule = (v) => (v.startsWith("pk_") ? null : "must be a publishable key (pk_…)");
const percentage: Rule = (v) => {
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < 0 || n > 100)
    return "must be a number from 0 to 100 (15 for 15% VAT)";
  // The storefront reads the number as a percentage: "0.15" would charge 0.15 % VAT, not 15 %.
  return n > 0 && n < 1 ? `would be ${v.trim()}% VAT: write the percentage, "15" for 15% (not a fraction)` : null;
};
const riyals: Rule = (v) =>
  parseRiyals(v) === null ? 'must be riyals, 0 or more, with at most two decimals ("15" or "12.50")' : null;
const minimum: Rule = (v) => (parseCartMinimum(v) !== null ? null : "must be a whole number of riyals above 0");
const attributionDays: Rule = (v) =>
  parseAttributionDays(v) !== null ? null : "must be a whole number of days from 1 to 365";
const changeWindow: Rule = (v) =>
  parseChangeWindowHours(v) !== null ? null : "must be a whole number of hours from 0 to 720";
const languages: Rule = (v) => {
  const unknown = v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => !(LOCALES as readonly string[]).includes(s));
  return unknown.length === 0
    ? null
    : `unknown language ${unknown.map((s) => `"${s}"`).join(", ")}: a comma list of ${LOCALES.join(", ")}`;
};

/** The rule of each kind of setting a payment provider's profile declares. */
const PROVIDER_RULES: Record<SettingRule, Rule> = { flag, text, publishable };

/** Every key the storefront reads has a rule: a key added to SETTINGS_KEYS fails the type-check until it gets one. */
const CORE_RULES: Record<CoreSettingsKey, Rule> = {
  logoUrl: link,
  brandName: text,
  cartType: oneOf(["default", "quick"]),
  madaEnabled: flag,
  visaEnabled: flag,
  applePayEnabled: flag,
  cashEnabled: flag,
  bankTransferEnabled: flag,
  disableCODForDeposit: flag,
  termsEnabled: flag,
  tosCheckboxEnabled: flag,
  customTosMessage: text,
  taxEnabled: flag,
  taxPercentage: percentage,
  orderSuccessMessage: text,
  orderSuccessMessageEn: text,
  utmAttributionDays: attributionDays,
  onlinePaymentProvider: oneOf(ONLINE_PAYMENT_PROVIDERS),
  separateFirstAndLastName: flag,
  compactProductCards: flag,
  cartNotesEnabled: flag,
  disableMultiCart: flag,
  cartMinimumAmount: minimum,
  hideDuration: flag,
  hasPackages: flag,
  unpaidPackagesUsable: flag,
  walletPassesEnabled: flag,
  payLaterEnabled: flag,
  frontendLanguages: languages,
  providersViewType: text,
  hideBranches: flag,
  announcementText: text,
  announcementTextEn: text,
  announcementLink: link,
  gtmId: pixel,
  metaPixelId: pixel,
  tiktokPixelId: pixel,
  snapchatPixelId: pixel,
  clarityId: pixel,
  googleMapsApiKey: text,
  legalName: text,
  consentBannerEnabled: flag,
  rescheduleWindowHours: changeWindow,
  cancelWindowHours: changeWindow,
  giftCardExpiryDays: (v) =>
    parseGiftCardExpiryDays(v) !== null ? null : "must be a whole number of days from 1 to 3650",
  currencyDisplay: oneOf(["sign", "letters"]),
  returnDays: (v) => (parseReturnDays(v) === null ? "must be whole days from 0 (no returns) to 365" : null),
  deliveryDays: (v) => (parseDeliveryDays(v) ? null : 'must be days to delivery: "2" or a range "1-3", at most 60'),
  vatNumber: (v) => (parseVatNumber(v) ? null : "must be a Saudi VAT number: 15 digits, the first and last 3"),
  crNumber: (v) => (parseCrNumber(v) ? null : "must be a commercial registration number: 10 digits"),
  addressAr: text,
  addressEn: text,
  contactPhone: (v) => (parseContactPhone(v) ? null : "must be a phone number: + and 8–15 digits (spaces allowed)"),
  contactWhatsapp: (v) =>
    parseContactPhone(v) ? null : "must be a WhatsApp number: + and 8–15 digits (spaces allowed)",
  contactEmail: (v) => (parseContactEmail(v) ? null : "must be an email address"),
  bookingReminderHours: (v) =>
    parseReminderHours(v)
      ? null
      : 'must be hours before a booking, a comma list of up to 5 whole numbers from 1 to 720 ("24,2"), or "none"',
  quietHours: (v) =>
    parseQuietHours(v)
      ? null
      : 'must be a span of Riyadh time "HH:MM-HH:MM" ("22:00-08:00" wraps midnight; not empty), or "none"',
  deliveryEnabled: flag,
  pickupEnabled: flag,
  deliveryFee: riyals,
  deliveryFreeAbove: riyals,
  deliveryRadiusKm: (v) => (parseRadiusKm(v) === null ? 'must be kilometres above 0, at most 1000 ("30")' : null),
};

/**
 * Issues of keys that mean something only together, on the map as it would be after a change: a
 * delivery fee, threshold or radius with delivery off would be silently ignored.
 */
export function settingsTogetherIssues(map: Record<string, string>): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  const deliveryOn = map.deliveryEnabled === "True";
  for (const key of ["deliveryFee", "deliveryFreeAbove", "deliveryRadiusKm"] as const)
    if (map[key] !== undefined && !deliveryOn)
      issues.push({ key, message: 'has no effect while deliveryEnabled is not "True"' });
  if (deliveryOn && map.deliveryFreeAbove !== undefined && !parseRiyals(map.deliveryFee))
    issues.push({ key: "deliveryFreeAbove", message: "has no effect without a deliveryFee above 0" });
  return issues;
}

const RULES: Record<SettingsKey, Rule> = {
  ...CORE_RULES,
  ...Object.fromEntries(Object.entries(PROVIDER_SETTINGS).map(([key, kind]) => [key, PROVIDER_RULES[kind]])),
} as Record<SettingsKey, Rule>;

const isKnown = (key: string): key is SettingsKey => (SETTINGS_KEYS as readonly string[]).includes(key);

/** The known key an unknown one was probably meant to be (same letters ignoring case, or one or two typos). */
function closestKey(key: string): SettingsKey | null {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length];
  };
  let best: { key: SettingsKey; d: number } | null = null;
  for (const k of SETTINGS_KEYS) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d <= 2 && (!best || d < best.d)) best = { key: k, d };
  }
  return best?.key ?? null;
}

function valueIssue(key: string, value: string): string | null {
  if (!isKnown(key)) {
    const near = closestKey(key);
    return `unknown setting${near ? ` (did you mean "${near}"?)` : ""}; the storefront reads only the keys listed in lib/tenant-config.ts`;
  }
  // Unset means the default reminders: an empty list is not how a store turns them off.
  if (value.trim() === "" && key === "bookingReminderHours")
    return 'is empty: write "none" to send no reminders (unset sends them 24 and 2 hours before)';
  if (value.trim() === "") return "is empty: leave the key out (or give null in a merge) to unset it";
  // Settings reach the browser with the page; a secret key belongs to the provider account instead.
  if (/^sk_/.test(value.trim()))
    return "looks like a secret key (sk_…): settings reach the browser, put secrets in a payment account";
  return RULES[key](value);
}

/** A JSON value the map cannot hold, with the text it probably should have been. */
function typeIssue(value: unknown): string {
  if (typeof value === "boolean") return `must be a string: write "${value ? "True" : "False"}"`;
  if (typeof value === "number") return `must be a string: write "${value}"`;
  return "must be a string";
}

export type SettingsChange = { set: Record<string, string>; remove: string[] };

function entryIssue(key: string, value: unknown, allowNull: boolean): string | null {
  if (key.trim() === "") return "a setting needs a name";
  if (value === null && allowNull) return isKnown(key) ? null : valueIssue(key, "");
  if (typeof value !== "string") return typeIssue(value);
  return valueIssue(key, value);
}

/**
 * Checks a settings document (parsed JSON). `allowNull`: a null value asks to remove that key
 * (a merge). Answers the change, or every issue found in the file's order (the caller then changes nothing).
 */
export function checkSettings(
  input: unknown,
  opts: { allowNull: boolean },
): { ok: true; change: SettingsChange } | { ok: false; issues: SettingsIssue[] } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return {
      ok: false,
      issues: [
        {
          key: "(file)",
          message: 'must be a JSON object of setting names to text values, e.g. {"brandName": "Rimal"}',
        },
      ],
    };
  }
  const entries = Object.entries(input as Record<string, unknown>);
  const issues: SettingsIssue[] = [];
  for (const [key, value] of entries) {
    const message = entryIssue(key, value, opts.allowNull);
    if (message) issues.push({ key: key || "(empty key)", message });
  }
  const remove = opts.allowNull ? entries.filter(([, v]) => v === null).map(([k]) => k) : [];
  // The storefront's own schema of the map has the last word on its shape.
  const parsed = settingsMapSchema.safeParse(Object.fromEntries(entries.filter(([k]) => !remove.includes(k))));
  if (!parsed.success && issues.length === 0) {
    for (const issue of parsed.error.issues)
      issues.push({ key: issue.path.map(String).join(".") || "(file)", message: issue.message });
  }
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, change: { set: parsed.data, remove } };
}
