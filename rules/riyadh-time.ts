/**
 * Riyadh's calendar, the one the platform API speaks: the Asia/Riyadh zone is UTC+3 all year (no
 * daylight saving); a "day" is a "YYYY-MM-DD" string meaning that Riyadh calendar day. The one set
 * of time constants of the project. Pure and client-safe: the purchase widgets use it in the browser.
 */
export const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const toDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
/** Midnight UTC of a day, in ms: the day arithmetic below works on it. */
export const parseDay = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

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

/**
 * A day the platform will reason about: a real YYYY-MM-DD in the years 2000–2999. Other years are
 * never a booking, and near year 9999 day arithmetic leaves the YYYY-MM-DD form.
 */
export function isPlatformDay(value: string): boolean {
  return isDay(value) && value >= "2000-01-01" && value <= "2999-12-31";
}
