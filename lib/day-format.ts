import { parseDay } from "@/contract/riyadh-time";

/** Riyadh days and instants for people, in the page's language. */

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

/** An instant's date and clock time in Riyadh, e.g. "26 Nov 2026, 09:30" / "٢٦ نوفمبر ٢٠٢٦، ٩:٣٠ ص". */
export function formatInstant(iso: string, locale: string): string {
  return formatter(dateLocale(locale), { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "Asia/Riyadh" }).format(new Date(iso));
}
