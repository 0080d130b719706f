/**
 * Calendar days of the Asia/Riyadh zone (UTC+3, no daylight saving) as "YYYY-MM-DD" strings, the
 * form the platform API speaks. Pure and client-safe: the purchase widgets use them in the browser.
 */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const toDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
const parseDay = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && toDay(parseDay(value)) === value;
}

/** Today in Riyadh. */
export function riyadhToday(now: Date = new Date()): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return toDay(parseDay(day) + n * DAY_MS);
}

/** b − a in whole days (nights from a check-in to a check-out). */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDay(b) - parseDay(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, as in the platform's opening hours. */
export function weekday(day: string): number {
  return new Date(parseDay(day)).getUTCDay();
}

/** The first day of the month of `day`, and the month `n` months later. */
export function monthStart(day: string, n = 0): string {
  const d = new Date(parseDay(day));
  return toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

export function daysInMonth(day: string): number {
  const d = new Date(parseDay(day));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

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
export function formatDay(day: string, locale: string, options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" }): string {
  return formatter(dateLocale(locale), { ...options, timeZone: "UTC" }).format(new Date(parseDay(day)));
}

/** The clock time of an instant in Riyadh, e.g. "10:00 AM" / "١٠:٠٠ ص". */
export function formatTime(iso: string, locale: string): string {
  return formatter(locale === "ar" ? "ar-SA-u-nu-arab" : "en-US", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Riyadh" }).format(new Date(iso));
}
