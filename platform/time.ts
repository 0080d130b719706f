/**
 * The platform's calendar is Riyadh's: UTC+3 all year (no daylight saving). A "day" is a
 * YYYY-MM-DD string meaning that Riyadh calendar day; instants are Dates / ISO strings.
 */
import type { OpeningHours } from "./db/schema";
// Day arithmetic on YYYY-MM-DD strings and the time constants live in rules/riyadh-time,
// shared with the storefront's widgets; this module adds instants and opening hours.
import { DAY_MS, isDay, MINUTE_MS, RIYADH_OFFSET_MS, weekday } from "@/rules/riyadh-time";

const HM_RE = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Midnight in Riyadh of the day `daysAhead` from `now`, as a UTC Date. */
export function riyadhDayStart(now: Date, daysAhead = 0): Date {
  const local = new Date(now.getTime() + RIYADH_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysAhead);
  return new Date(day - RIYADH_OFFSET_MS);
}

/** Midnight in Riyadh of a YYYY-MM-DD day; throws on a malformed day (validate with isDay first). */
export function dayStart(day: string): Date {
  if (!isDay(day)) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) - RIYADH_OFFSET_MS);
}

/** The Riyadh calendar day an instant falls on. */
export function riyadhDay(instant: Date): string {
  return new Date(instant.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Riyadh. */
export function today(now: Date): string {
  return riyadhDay(now);
}

/** "HH:MM" (00:00–24:00) → minutes after midnight, or null when malformed. */
export function parseHm(hm: string): number | null {
  const m = HM_RE.exec(hm);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Minutes after midnight → "HH:MM". */
export function formatHm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Opening and closing instants of a day, or null when closed. No opening hours at all means open
 * around the clock (e.g. a resthouse booked by the night); a missing or null weekday means closed.
 */
export function openingWindow(hours: OpeningHours | null | undefined, day: string): { open: Date; close: Date } | null {
  const start = dayStart(day).getTime();
  if (!hours) return { open: new Date(start), close: new Date(start + DAY_MS) };
  const entry = hours[String(weekday(day))];
  if (!entry) return null;
  const open = parseHm(entry[0]);
  const close = parseHm(entry[1]);
  if (open === null || close === null || close <= open) return null;
  return { open: new Date(start + open * MINUTE_MS), close: new Date(start + close * MINUTE_MS) };
}
