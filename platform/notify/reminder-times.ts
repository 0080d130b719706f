import {
  parseQuietHours,
  parseReminderHours,
  QUIET_HOURS_DEFAULT,
  REMINDER_HOURS_DEFAULT,
  type QuietHours,
  type SettingsMap,
} from "@/contract/tenant-settings";
import { DAY_MS, HOUR_MS, MINUTE_MS, RIYADH_OFFSET_MS } from "@/rules/riyadh-time";

/** A reminder pushed out of the quiet hours still comes at least this long before its booking, or earlier. */
export const REMINDER_MIN_LEAD_MS = HOUR_MS;

/** One reminder to send: the hour count it was configured as, and when (after the quiet-hours rule). */
export type PlannedReminder = { hours: number; sendAt: Date };

/** The store's reminder hours (largest first; none when off) and quiet hours (null: none), malformed values read as the defaults. */
export function reminderSettings(settings: SettingsMap): { hours: number[]; quiet: QuietHours | null } {
  const quiet = parseQuietHours(settings.quietHours) ?? QUIET_HOURS_DEFAULT;
  return {
    hours: parseReminderHours(settings.bookingReminderHours) ?? [...REMINDER_HOURS_DEFAULT],
    quiet: quiet === "none" ? null : quiet,
  };
}

/** The quiet span an instant falls in (its start and end, ms), or null when it is outside the quiet hours. */
export function quietSpanAt(t: number, q: QuietHours): { start: number; end: number } | null {
  const sinceMidnight = (((t + RIYADH_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  const midnight = t - sinceMidnight;
  const m = Math.floor(sinceMidnight / MINUTE_MS);
  const wraps = q.from > q.to;
  if (wraps ? m < q.from && m >= q.to : m < q.from || m >= q.to) return null;
  // In a span that wraps midnight, the small hours belong to the span that began the evening before.
  const start = midnight + q.from * MINUTE_MS - (wraps && m < q.to ? DAY_MS : 0);
  const end = midnight + q.to * MINUTE_MS + (wraps && m >= q.from ? DAY_MS : 0);
  return { start, end };
}

/**
 * When a booking starting at `startsAt`, made at `now`, is reminded: `hours` before it, each only
 * when that moment is still ahead (a booking made 10 hours ahead gets no 24-hour reminder). A moment
 * in the quiet hours [from, to) moves to their end when that is still REMINDER_MIN_LEAD_MS before
 * the booking, else to the minute before they begin (the evening before); a moved reminder that
 * would then be due already is dropped, and two that land on one minute are sent once (the larger
 * hour count's).
 */
export function reminderTimes(
  startsAt: Date,
  now: Date,
  hours: readonly number[],
  quiet: QuietHours | null,
): PlannedReminder[] {
  const start = startsAt.getTime();
  const planned: PlannedReminder[] = [];
  for (const h of [...hours].sort((a, b) => b - a)) {
    let at = start - h * HOUR_MS;
    if (at <= now.getTime()) continue;
    const span = quiet ? quietSpanAt(at, quiet) : null;
    if (span) at = span.end <= start - REMINDER_MIN_LEAD_MS ? span.end : span.start - MINUTE_MS;
    if (at <= now.getTime() || planned.some((p) => p.sendAt.getTime() === at)) continue;
    planned.push({ hours: h, sendAt: new Date(at) });
  }
  return planned;
}
