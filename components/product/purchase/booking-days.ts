import { addDays, weekday } from "@/rules/riyadh-time";

/** How the calendar shows a day that cannot be picked (undefined: it can be). */
export type DayStatus = "closed" | "booked" | undefined;

/** Opening hours per weekday ("0" Sunday … "6" Saturday); null for a closed weekday. */
export type OpeningHoursDays = Record<string, [string, string] | null> | null;

/** Days on which the place is closed, from its weekly opening hours (no hours at all = always open). */
export function closedStatus(openingHours: OpeningHoursDays): (day: string) => DayStatus {
  return (day) => (openingHours && !openingHours[String(weekday(day))] ? "closed" : undefined);
}

/** The first day from `today` within a week that is open (today when none is). */
export function firstOpenDay(today: string, status: (day: string) => DayStatus): string {
  return Array.from({ length: 7 }, (_, i) => addDays(today, i)).find((d) => !status(d)) ?? today;
}

/**
 * Where an arrow key takes the calendar's focus from `day`, `step` days on (±1, ±7): over the days
 * that cannot be chosen (closed, booked, before the first day), which a disabled button cannot
 * hold, so that the arrows never stop in front of one; null when no day is left that way.
 */
export function arrowTarget(
  day: string,
  step: number,
  firstDay: string,
  lastDay: string,
  isDisabled: (day: string) => boolean,
): string | null {
  for (let target = addDays(day, step); target >= firstDay && target <= lastDay; target = addDays(target, step)) {
    if (!isDisabled(target)) return target;
  }
  return null;
}
