import { isTrue, text } from "./provider-profile";
import {
  CARD_FORM_PROVIDERS,
  DEFAULT_CARD_FORM,
  PAY_LATER_METHODS,
  PROVIDER_SETTINGS,
  readProviderSettings,
  type ProviderSettingsKey,
} from "@/payment-providers/profiles";

/**
 * Pure and free of zod, so the layout's client code can read settings without loading a schema
 * library. The tenant's settings map (string → string) turned into the storefront's typed configuration
 * (spec §3). Flags are on only when the text is exactly "True" (spec §5). The payment providers'
 * keys and their part of the configuration come from their profiles (payment-providers/profiles.ts).
 */
const CORE_SETTINGS_KEYS = [
  "logoUrl",
  "brandName",
  "cartType",
  "madaEnabled",
  "visaEnabled",
  "applePayEnabled",
  "cashEnabled",
  "bankTransferEnabled",
  "disableCODForDeposit",
  "termsEnabled",
  "tosCheckboxEnabled",
  "customTosMessage",
  "taxEnabled",
  "taxPercentage",
  "orderSuccessMessage",
  "orderSuccessMessageEn",
  "utmAttributionDays",
  "onlinePaymentProvider",
  "separateFirstAndLastName",
  "compactProductCards",
  "cartNotesEnabled",
  "disableMultiCart",
  "cartMinimumAmount",
  "hideDuration",
  "hasPackages",
  "unpaidPackagesUsable",
  "walletPassesEnabled",
  "payLaterEnabled",
  "frontendLanguages",
  "providersViewType",
  "hideBranches",
  "announcementText",
  "announcementTextEn",
  "announcementLink",
  "gtmId",
  "metaPixelId",
  "tiktokPixelId",
  "snapchatPixelId",
  "clarityId",
  "googleMapsApiKey",
  "legalName",
  "vatNumber",
  "crNumber",
  "addressAr",
  "addressEn",
  "contactPhone",
  "contactWhatsapp",
  "contactEmail",
  "rescheduleWindowHours",
  "cancelWindowHours",
  "currencyDisplay",
  "consentBannerEnabled",
  "returnDays",
  "deliveryDays",
  "bookingReminderHours",
  "quietHours",
  "deliveryEnabled",
  "pickupEnabled",
  "deliveryFee",
  "deliveryFreeAbove",
  "deliveryRadiusKm",
  "giftCardExpiryDays",
] as const;
/** The keys the storefront reads that are not a payment provider's. */
export type CoreSettingsKey = (typeof CORE_SETTINGS_KEYS)[number];
export const SETTINGS_KEYS: readonly SettingsKey[] = [
  ...CORE_SETTINGS_KEYS,
  ...(Object.keys(PROVIDER_SETTINGS) as ProviderSettingsKey[]),
];
export type SettingsKey = CoreSettingsKey | ProviderSettingsKey;
export type SettingsMap = Partial<Record<SettingsKey, string>> & Record<string, string>;

/** Spec §3's payment method enum, in its order: the pay-later methods are the providers' own. */
export const PAYMENT_METHODS = [
  "MADA",
  "CASH",
  "VISA",
  "APPLE_PAY",
  ...PAY_LATER_METHODS,
  "BANK_TRANSFER",
] as const satisfies readonly string[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The providers whose card form a store may choose (onlinePaymentProvider). */
export const ONLINE_PAYMENT_PROVIDERS = CARD_FORM_PROVIDERS;
export type OnlinePaymentProvider = (typeof ONLINE_PAYMENT_PROVIDERS)[number];

export const LOCALES = ["ar", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The languages a store offers, as its frontendLanguages lists them (spec §3: a comma list,
 * Arabic only by default): an English-only store offers no Arabic pages; the first is where a
 * page in a language it does not offer is sent.
 */
export function parseLanguages(v: string | undefined): Locale[] {
  const list = (v ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s): s is Locale => (LOCALES as readonly string[]).includes(s));
  const unique = [...new Set(list)];
  return unique.length === 0 ? ["ar"] : unique;
}

/** Tax multiplier: the percentage / 100 + 1, falling back to 1 when tax is off or the value is not a number. */
export function parseTaxRate(enabled: boolean, percentage: string | undefined): number {
  if (!enabled) return 1;
  const n = Number(percentage);
  if (percentage === undefined || percentage.trim() === "" || !Number.isFinite(n) || n < 0) return 1;
  return n / 100 + 1;
}

/** A tracking ID goes into script URLs: letters, digits, "-" and "_" only, else treated as missing. */
export function pixelId(v: string | undefined): string | null {
  const id = v?.trim();
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** An integer number of riyals, else null (no minimum). */
export function parseCartMinimum(v: string | undefined): number | null {
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v.trim());
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** How long a campaign visit is credited with the orders that follow it, when the tenant says nothing. */
export const UTM_ATTRIBUTION_DAYS_DEFAULT = 30;

/** A whole number from `min` to `max` written as text; unset or anything else is not a value (null). */
function wholeNumber(v: string | undefined, min: number, max: number): number | null {
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** Whole days from 1 to 365; anything else is not a value. */
export const parseAttributionDays = (v: string | undefined) => wholeNumber(v, 1, 365);

/** Days a shopper has to send merchandise back: 0 (no returns) to 365; unset: the store states none. */
export const parseReturnDays = (v: string | undefined) => wholeNumber(v, 0, 365);

/** Days from order to delivery of merchandise: "2" or a range "1-3" (0 to 60); unset: the store states none. */
export function parseDeliveryDays(v: string | undefined): { min: number; max: number } | null {
  const m = /^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2}))?\s*$/.exec(v ?? "");
  if (!m) return null;
  const [min, max] = [Number(m[1]), Number(m[2] ?? m[1])];
  return min <= max && max <= 60 ? { min, max } : null;
}

/**
 * How many hours before a booking starts its customer may still move it online: whole hours from 0
 * to 720; unset (or anything else) means bookings are changed through the store only.
 */
export const parseChangeWindowHours = (v: string | undefined) => wholeNumber(v, 0, 720);

/** Hours before a booking its reminders are sent, when the store says nothing. */
export const REMINDER_HOURS_DEFAULT: readonly number[] = [24, 2];
/** The most reminders one booking gets, and the furthest ahead one may be sent (30 days). */
export const REMINDER_HOURS_MAX_COUNT = 5;
export const REMINDER_HOURS_MAX = 720;

/**
 * bookingReminderHours: a comma list of whole hours before a booking ("24,2"), each from 1 to 720,
 * at most 5 different ones; "none" (or empty) sends no reminders; unset sends them 24 and 2 hours
 * before. Answers the hours, largest first, or null for a value that is none of these.
 */
export function parseReminderHours(v: string | undefined): number[] | null {
  if (v === undefined) return [...REMINDER_HOURS_DEFAULT];
  const t = v.trim().toLowerCase();
  if (t === "" || t === "none") return [];
  const parts = t.split(",").map((s) => s.trim());
  if (!parts.every((s) => /^\d{1,3}$/.test(s))) return null;
  const hours = [...new Set(parts.map(Number))].sort((a, b) => b - a);
  if (hours.length > REMINDER_HOURS_MAX_COUNT || hours.some((h) => h < 1 || h > REMINDER_HOURS_MAX)) return null;
  return hours;
}

/** A span of the Riyadh day no message is sent in, in minutes after midnight; `from` > `to` wraps midnight. */
export type QuietHours = { from: number; to: number };
export const QUIET_HOURS_DEFAULT: QuietHours = { from: 22 * 60, to: 8 * 60 };

const clockMinutes = (s: string): number | null => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(s.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * quietHours: "HH:MM-HH:MM" in Riyadh ("22:00-08:00", which wraps midnight, is the default when
 * unset); "none" sends at any hour. Answers the span, "none", or null for anything else (an empty
 * span "10:00-10:00" included).
 */
export function parseQuietHours(v: string | undefined): QuietHours | "none" | null {
  if (v === undefined) return QUIET_HOURS_DEFAULT;
  if (v.trim().toLowerCase() === "none") return "none";
  const [a, b, ...rest] = v.split("-");
  if (b === undefined || rest.length > 0) return null;
  const from = clockMinutes(a);
  const to = clockMinutes(b);
  return from === null || to === null || from === to ? null : { from, to };
}
/** Days a gift card can be spent after it is issued: whole days from 1 to 3650; unset: 365. */
export const parseGiftCardExpiryDays = (v: string | undefined) => wholeNumber(v, 1, 3650);
export const DEFAULT_GIFT_CARD_EXPIRY_DAYS = 365;

/** A Saudi VAT registration number: 15 digits, first and last 3. */
export function parseVatNumber(v: string | undefined): string | null {
  const n = v?.trim() ?? "";
  return /^3\d{13}3$/.test(n) ? n : null;
}

/** A commercial registration number: 10 digits. */
export function parseCrNumber(v: string | undefined): string | null {
  const n = v?.trim() ?? "";
  return /^\d{10}$/.test(n) ? n : null;
}

/** A phone number as written for people (+966 11 234 5678): a leading + and 8–15 digits with spaces. */
export function parseContactPhone(v: string | undefined): string | null {
  const n = v?.trim() ?? "";
  const digits = n.replace(/[\s-]/g, "");
  return /^\+?\d{8,15}$/.test(digits) ? n : null;
}

export function parseContactEmail(v: string | undefined): string | null {
  const n = v?.trim() ?? "";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(n) && n.length <= 254 ? n : null;
}

/** An amount of riyals with at most two decimals, 0 or more, as halalas; anything else is not a value. */
export function parseRiyals(v: string | undefined | null): number | null {
  const m = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(v ?? "");
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/** Kilometres above 0 and at most 1000 (decimals allowed); anything else is not a value. */
export function parseRadiusKm(v: string | undefined | null): number | null {
  if (v === undefined || v === null || v.trim() === "") return null;
  const n = Number(v.trim());
  return Number.isFinite(n) && n > 0 && n <= 1000 ? n : null;
}

/**
 * How the store hands over merchandise: delivery (a flat fee before VAT in halalas, free from an
 * order total with VAT of `freeAbove` halalas, within `radiusKm` of its nearest branch; null limits
 * are none), and pickup at a branch. Both off: merchandise orders ask for neither.
 */
export type FulfilmentConfig = {
  delivery: { fee: number; freeAbove: number | null; radiusKm: number | null } | null;
  pickup: boolean;
};

export function parseFulfilment(s: {
  deliveryEnabled?: string | null;
  pickupEnabled?: string | null;
  deliveryFee?: string | null;
  deliveryFreeAbove?: string | null;
  deliveryRadiusKm?: string | null;
}): FulfilmentConfig {
  return {
    delivery:
      s.deliveryEnabled === "True"
        ? {
            fee: parseRiyals(s.deliveryFee) ?? 0,
            freeAbove: parseRiyals(s.deliveryFreeAbove),
            radiusKm: parseRadiusKm(s.deliveryRadiusKm),
          }
        : null,
    pickup: s.pickupEnabled === "True",
  };
}

export type TenantConfig = ReturnType<typeof toTenantConfig>;

export function toTenantConfig(settings: SettingsMap) {
  // A pay-later method is usable when its provider's settings say so (spec §5: its flag and keys).
  const providers = readProviderSettings(settings);
  const enabled: Record<PaymentMethod, boolean> = {
    MADA: isTrue(settings.madaEnabled),
    VISA: isTrue(settings.visaEnabled),
    APPLE_PAY: isTrue(settings.applePayEnabled),
    CASH: isTrue(settings.cashEnabled),
    BANK_TRANSFER: isTrue(settings.bankTransferEnabled),
    ...providers.offers,
  };
  const provider = (text(settings.onlinePaymentProvider) ?? DEFAULT_CARD_FORM).toLowerCase();
  const taxEnabled = isTrue(settings.taxEnabled);
  const providersViewType = text(settings.providersViewType) ?? "dropdown";
  return {
    logoUrl: text(settings.logoUrl),
    brandName: text(settings.brandName),
    cartType: settings.cartType === "quick" ? ("quick" as const) : ("default" as const),
    /** The methods offered by their settings; a pay-later method also needs its provider's keys. */
    enabledPaymentMethods: PAYMENT_METHODS.filter((m) => enabled[m]),
    disableCODForDeposit: isTrue(settings.disableCODForDeposit),
    termsEnabled: isTrue(settings.termsEnabled),
    tosCheckboxEnabled: isTrue(settings.tosCheckboxEnabled),
    customTosMessage: text(settings.customTosMessage),
    taxEnabled,
    taxRate: parseTaxRate(taxEnabled, settings.taxPercentage),
    /** The done page's message from the store, per language (as the announcement): shown only in its own. */
    orderSuccessMessage: { ar: text(settings.orderSuccessMessage), en: text(settings.orderSuccessMessageEn) },
    /** An unknown provider is kept as written so that the payment flow can refuse it loudly. */
    onlinePaymentProvider: provider,
    separateFirstAndLastName: isTrue(settings.separateFirstAndLastName),
    compactProductCards: isTrue(settings.compactProductCards),
    cartNotesEnabled: isTrue(settings.cartNotesEnabled),
    disableMultiCart: isTrue(settings.disableMultiCart),
    cartMinimumAmount: parseCartMinimum(settings.cartMinimumAmount),
    /** Spec §3's UTM record is sent with orders for this many days after the campaign visit. */
    utmAttributionDays: parseAttributionDays(settings.utmAttributionDays) ?? UTM_ATTRIBUTION_DAYS_DEFAULT,
    hideDuration: isTrue(settings.hideDuration),
    hasPackages: isTrue(settings.hasPackages),
    /** A package bought with cash or a bank transfer pays for bookings before the store records its payment (default off). */
    unpaidPackagesUsable: isTrue(settings.unpaidPackagesUsable),
    walletPassesEnabled: isTrue(settings.walletPassesEnabled),
    ...providers.config,
    /** Spec §5: some pay-later method is usable. */
    payLaterEnabled: PAY_LATER_METHODS.some((m) => providers.offers[m]),
    languages: parseLanguages(settings.frontendLanguages),
    providersViewType,
    hideBranches: isTrue(settings.hideBranches),
    announcement: {
      ar: text(settings.announcementText),
      en: text(settings.announcementTextEn),
      link: text(settings.announcementLink),
    },
    /** Marketing pixels; a missing one is skipped with a warning in the browser. */
    pixels: {
      gtmId: pixelId(settings.gtmId),
      metaPixelId: pixelId(settings.metaPixelId),
      tiktokPixelId: pixelId(settings.tiktokPixelId),
      snapchatPixelId: pixelId(settings.snapchatPixelId),
      clarityId: pixelId(settings.clarityId),
    },
    /** The Maps browser key: the locations sheet draws Google's map with it, else its own grid picker. */
    googleMapsApiKey: text(settings.googleMapsApiKey),
    /**
     * Who sells (Saudi e-commerce law: the seller's name, CR and VAT numbers, address and contact in
     * sight): the footer, the checkout summary and the tax invoice show them; each is null when unset.
     */
    /** Marketing pixels wait for the shopper's yes (a banner; on unless the setting is "False"). */
    askConsent: settings.consentBannerEnabled !== "False",
    /** Hours before a booking's start until which its customer may move it (null: not online). */
    rescheduleWindowHours: parseChangeWindowHours(settings.rescheduleWindowHours),
    /** Hours before a booking's start until which its customer may cancel it (null: not online); paid online ⇒ its share refunded. */
    cancelWindowHours: parseChangeWindowHours(settings.cancelWindowHours),
    /** Prices with the riyal sign U+20C1 (default) or, with "letters", ر.س / SAR. */
    sarStyle: (settings.currencyDisplay === "letters" ? "letters" : "sign") as "sign" | "letters",
    /** What the store states about merchandise, for search engines' merchant listings (null: unstated). */
    merchandisePolicy: {
      returnDays: parseReturnDays(settings.returnDays),
      deliveryDays: parseDeliveryDays(settings.deliveryDays),
    },
    /** Delivery or pickup of merchandise orders, asked at the customer's details when both or either is on. */
    fulfilment: parseFulfilment(settings),
    trust: {
      legalName: text(settings.legalName),
      vatNumber: parseVatNumber(settings.vatNumber),
      crNumber: parseCrNumber(settings.crNumber),
      address: { ar: text(settings.addressAr), en: text(settings.addressEn) },
      phone: parseContactPhone(settings.contactPhone),
      whatsapp: parseContactPhone(settings.contactWhatsapp),
      email: parseContactEmail(settings.contactEmail),
    },
  };
}
