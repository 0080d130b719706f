import { parseDay, RIYADH_OFFSET_MS } from "@/rules/riyadh-time";
import { inArabic } from "@/lib/money";

/**
 * Riyadh days and instants for people, in the page's language.
 *
 * The labels a booking widget shows as it loads (its calendar's month, weekdays and days, a
 * subscription's period, the day's times) are written here from the locale's names, exactly as
 * the browser's Intl writes them (tests/day-format.test.ts compares every day of three years and
 * every minute of a day, in both languages): the first Intl date formatter a page builds costs the
 * browser 30-120 ms of its main thread (its time zone and calendar data; Arabic dearer than
 * English), in the middle of hydration, and again when a day's
 * times arrive. Any other form goes through Intl. Both sides run this same code, so the server's
 * and the browser's labels cannot differ either.
 */

type Names = { months: string[]; weekdays: string[]; short: string[]; narrow: string[] };

const EN: Names = {
  months: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  short: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  narrow: ["S", "M", "T", "W", "T", "F", "S"],
};
const AR_WEEKDAYS = ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"];
const AR: Names = {
  months: [
    "يناير",
    "فبراير",
    "مارس",
    "أبريل",
    "مايو",
    "يونيو",
    "يوليو",
    "أغسطس",
    "سبتمبر",
    "أكتوبر",
    "نوفمبر",
    "ديسمبر",
  ],
  weekdays: AR_WEEKDAYS,
  short: AR_WEEKDAYS,
  narrow: ["ح", "ن", "ث", "ر", "خ", "ج", "س"],
};

/** Digits as the locale writes them (Arabic-Indic in Arabic). */
const digits = (text: string, ar: boolean) => (ar ? inArabic(text) : text);

/** As Intl refuses a date that is not one. */
function valid(ms: number): number {
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  return ms;
}

type DayParts = { ar: boolean; names: Names; year: string; month: number; day: string; weekday: number };

/** The forms written by hand, by their Intl options (as JSON.stringify writes them). */
const DAY_FORMS: Record<string, (p: DayParts) => string> = {
  '{"month":"long","year":"numeric"}': (p) => `${p.names.months[p.month]} ${p.year}`,
  '{"weekday":"short"}': (p) => p.names.short[p.weekday],
  '{"weekday":"narrow"}': (p) => p.names.narrow[p.weekday],
  '{"day":"numeric"}': (p) => p.day,
  '{"weekday":"long","day":"numeric","month":"long"}': (p) =>
    `${p.names.weekdays[p.weekday]}${p.ar ? "،" : ""} ${p.day} ${p.names.months[p.month]}`,
  '{"day":"numeric","month":"long"}': (p) => `${p.day} ${p.names.months[p.month]}`,
  '{"day":"numeric","month":"long","year":"numeric"}': (p) => `${p.day} ${p.names.months[p.month]} ${p.year}`,
};

function dateLocale(locale: string): string {
  return locale === "ar" ? "ar-SA-u-ca-gregory-nu-arab" : "en-GB-u-ca-gregory";
}

// Building an Intl formatter costs far more than using one; a calendar formats ~100 labels per render.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** A day for people, e.g. "Sat, 21 Nov" / "السبت، ٢١ نوفمبر". */
export function formatDay(
  day: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" },
): string {
  const form = DAY_FORMS[JSON.stringify(options)];
  if (form) {
    const date = new Date(valid(parseDay(day)));
    const ar = locale === "ar";
    return form({
      ar,
      names: ar ? AR : EN,
      year: digits(String(date.getUTCFullYear()), ar),
      month: date.getUTCMonth(),
      day: digits(String(date.getUTCDate()), ar),
      weekday: date.getUTCDay(),
    });
  }
  return formatter(dateLocale(locale), { ...options, timeZone: "UTC" }).format(new Date(parseDay(day)));
}

/** The clock time of an instant in Riyadh, e.g. "10:00 AM" / "١٠:٠٠ ص" (en-US's and ar-SA's 12-hour clock). */
export function formatTime(iso: string, locale: string): string {
  const riyadh = new Date(valid(new Date(iso).getTime()) + RIYADH_OFFSET_MS);
  const hours = riyadh.getUTCHours();
  const ar = locale === "ar";
  const clock = digits(`${hours % 12 || 12}:${String(riyadh.getUTCMinutes()).padStart(2, "0")}`, ar);
  return `${clock} ${hours < 12 ? (ar ? "ص" : "AM") : ar ? "م" : "PM"}`;
}

/** An instant's date and clock time in Riyadh, e.g. "26 Nov 2026, 09:30" / "٢٦ نوفمبر ٢٠٢٦، ٩:٣٠ ص". */
export function formatInstant(iso: string, locale: string): string {
  return formatter(dateLocale(locale), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Asia/Riyadh",
  }).format(new Date(iso));
}
