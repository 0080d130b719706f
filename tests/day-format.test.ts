import { describe, expect, it } from "vitest";
import { addDays } from "@/rules/riyadh-time";
import { formatDay, formatTime } from "@/lib/day-format";

// The forms lib/day-format.ts writes by hand must read exactly as Intl writes them: the server and
// the browser both run the hand-written code, so these comparisons are what ties it to the
// locale's own rules (and would tell when a new ICU changes them).
const dayFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-ca-gregory-nu-arab" : "en-GB-u-ca-gregory", {
    ...options,
    timeZone: "UTC",
  });
const intlDay = (day: string, locale: string, options: Intl.DateTimeFormatOptions) =>
  dayFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
const timeFormat = (locale: string) =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-nu-arab" : "en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Asia/Riyadh",
  });
const intlTime = (iso: string, locale: string) => timeFormat(locale).format(new Date(iso));

const HAND_WRITTEN: Intl.DateTimeFormatOptions[] = [
  { month: "long", year: "numeric" },
  { weekday: "short" },
  { weekday: "narrow" },
  { day: "numeric" },
  { weekday: "long", day: "numeric", month: "long" },
  { day: "numeric", month: "long" },
  { day: "numeric", month: "long", year: "numeric" },
];

describe("formatDay and formatTime write what Intl writes", () => {
  for (const locale of ["ar", "en"]) {
    it(`every day of 2026-2028 in each hand-written form (${locale})`, () => {
      const days: string[] = [];
      for (let day = "2026-01-01"; day < "2029-01-01"; day = addDays(day, 1)) days.push(day);
      expect(days).toHaveLength(1096);
      for (const options of HAND_WRITTEN) {
        const intl = dayFormat(locale, options);
        expect(days.map((day) => `${day} ${formatDay(day, locale, options)}`)).toEqual(
          days.map((day) => `${day} ${intl.format(new Date(`${day}T00:00:00Z`))}`),
        );
      }
    });

    it(`every minute of a day in Riyadh, from instants in any offset (${locale})`, () => {
      const instants = Array.from({ length: 24 * 60 }, (_, minute) =>
        new Date(Date.UTC(2026, 10, 26, 0, minute) - 3 * 3_600_000).toISOString(),
      );
      const intl = timeFormat(locale);
      expect(instants.map((iso) => `${iso} ${formatTime(iso, locale)}`)).toEqual(
        instants.map((iso) => `${iso} ${intl.format(new Date(iso))}`),
      );
      expect(formatTime("2026-11-26T10:05:00+03:00", locale)).toBe(intlTime("2026-11-26T07:05:00Z", locale));
    });

    it(`other forms go through Intl, and a date that is not one is refused as Intl refuses it (${locale})`, () => {
      expect(formatDay("2026-11-22", locale)).toBe(
        intlDay("2026-11-22", locale, { weekday: "short", day: "numeric", month: "short" }),
      );
      expect(() => formatDay("2026-1x-22", locale, { day: "numeric" })).toThrow(RangeError);
      expect(() => formatTime("not a time", locale)).toThrow(RangeError);
    });
  }
});
