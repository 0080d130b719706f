import { describe, expect, it } from "vitest";
import { parseQuietHours, parseReminderHours } from "@/contract/tenant-settings";
import { checkSettings } from "@/platform/services/tenant-settings-check";
import { quietSpanAt, reminderSettings, reminderTimes } from "@/platform/notify/reminder-times";
import { HOUR_MS } from "@/rules/riyadh-time";

/** An instant at Riyadh wall-clock time (UTC+3) on a December 2030 day. */
const riyadh = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2030, 11, day, hour - 3, minute));
const DEFAULT_QUIET = { from: 22 * 60, to: 8 * 60 };
const times = (startsAt: Date, now: Date, hours: number[], quiet = DEFAULT_QUIET) =>
  reminderTimes(startsAt, now, hours, quiet).map((r) => ({ hours: r.hours, sendAt: r.sendAt.toISOString() }));

describe("the reminder settings", () => {
  it("reads the hours as a list, largest first; none turns them off; unset is 24 and 2; anything else is refused", () => {
    expect(parseReminderHours(undefined)).toEqual([24, 2]);
    expect(parseReminderHours(" 2, 24 ,2")).toEqual([24, 2]);
    expect(parseReminderHours("48")).toEqual([48]);
    expect(parseReminderHours("none")).toEqual([]);
    expect(parseReminderHours("")).toEqual([]);
    for (const bad of ["24,", "0", "721", "1.5", "24;2", "-2", "1,2,3,4,5,6", "two"])
      expect(parseReminderHours(bad), bad).toBeNull();
    // A malformed value stored anyway reads as the default rather than as none.
    expect(reminderSettings({ bookingReminderHours: "soon" }).hours).toEqual([24, 2]);
  });

  it("reads quiet hours as a Riyadh span that may wrap midnight; none sends at any hour; unset is 22:00-08:00", () => {
    expect(parseQuietHours(undefined)).toEqual({ from: 1320, to: 480 });
    expect(parseQuietHours("13:00-15:30")).toEqual({ from: 780, to: 930 });
    expect(parseQuietHours(" 23:00 - 06:00 ")).toEqual({ from: 1380, to: 360 });
    expect(parseQuietHours("none")).toBe("none");
    for (const bad of ["22:00", "22-08", "24:00-08:00", "10:00-10:00", "22:00-08:00-09:00", "9:00-10:00"])
      expect(parseQuietHours(bad), bad).toBeNull();
    expect(reminderSettings({ quietHours: "none" }).quiet).toBeNull();
  });

  it("the operator's check refuses malformed values with what to write, and an empty list with how to turn reminders off", () => {
    const bad = checkSettings(
      { bookingReminderHours: "24;2", quietHours: "10pm-8am", brandName: "x" },
      { allowNull: false },
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues.map((i) => i.key)).toEqual(["bookingReminderHours", "quietHours"]);
    expect(bad.issues[0].message).toMatch(/comma list of up to 5 whole numbers from 1 to 720/);
    expect(bad.issues[1].message).toMatch(/HH:MM-HH:MM/);
    const empty = checkSettings({ bookingReminderHours: "" }, { allowNull: false });
    expect(!empty.ok && empty.issues[0].message).toMatch(/write "none"/);
    expect(checkSettings({ bookingReminderHours: "48,24,2", quietHours: "23:00-07:00" }, { allowNull: false }).ok).toBe(
      true,
    );
    expect(checkSettings({ bookingReminderHours: "none", quietHours: "none" }, { allowNull: false }).ok).toBe(true);
  });
});

describe("when a booking is reminded", () => {
  const start = riyadh(10, 15);

  it("25 hours ahead: both reminders; 10 hours ahead: the 2-hour one only; 1 hour ahead: none", () => {
    expect(times(start, new Date(start.getTime() - 25 * HOUR_MS), [24, 2])).toEqual([
      { hours: 24, sendAt: riyadh(9, 15).toISOString() },
      { hours: 2, sendAt: riyadh(10, 13).toISOString() },
    ]);
    expect(times(start, new Date(start.getTime() - 10 * HOUR_MS), [24, 2])).toEqual([
      { hours: 2, sendAt: riyadh(10, 13).toISOString() },
    ]);
    expect(times(start, new Date(start.getTime() - HOUR_MS), [24, 2])).toEqual([]);
    // Exactly at the moment a reminder is due: it is not sent afterwards.
    expect(times(start, new Date(start.getTime() - 24 * HOUR_MS), [24, 2]).map((r) => r.hours)).toEqual([2]);
    expect(times(start, new Date(start.getTime() - 48 * HOUR_MS), [])).toEqual([]);
  });

  it("a moment in the quiet hours moves to their end when that is still an hour before the booking", () => {
    // 10:00 booking: its 2-hour reminder (08:00) is outside; a 3-hour one (07:00) moves to 08:00.
    expect(times(riyadh(10, 10), riyadh(8, 12), [3])).toEqual([{ hours: 3, sendAt: riyadh(10, 8).toISOString() }]);
    // 09:00 booking, 24 hours: 09:00 the day before, not quiet.
    expect(times(riyadh(10, 9), riyadh(8, 12), [24])).toEqual([{ hours: 24, sendAt: riyadh(9, 9).toISOString() }]);
    // 23:30 booking, 24 hours before is 23:30 the day before: moved to 08:00 of the booking's day.
    expect(times(riyadh(10, 23, 30), riyadh(8, 12), [24])).toEqual([
      { hours: 24, sendAt: riyadh(10, 8).toISOString() },
    ]);
  });

  it("else to the minute before they begin, the evening before; never into the past", () => {
    // 08:30 booking: 2 hours before is 06:30; 08:00 would be 30 minutes before, so 21:59 the evening before.
    expect(times(riyadh(10, 8, 30), riyadh(8, 12), [2])).toEqual([
      { hours: 2, sendAt: riyadh(9, 21, 59).toISOString() },
    ]);
    // A stay starts at midnight: its 2-hour reminder (22:00) goes at 21:59, its 24-hour one at 08:00 the day before.
    expect(times(riyadh(10, 0), riyadh(8, 12), [24, 2])).toEqual([
      { hours: 24, sendAt: riyadh(9, 8).toISOString() },
      { hours: 2, sendAt: riyadh(9, 21, 59).toISOString() },
    ]);
    // Booked at 23:00 for 08:30: the 2-hour reminder would move to 21:59, already past — none.
    expect(times(riyadh(10, 8, 30), riyadh(9, 23), [2])).toEqual([]);
  });

  it("two reminders moved onto one minute are sent once; quiet hours that do not wrap, and none at all", () => {
    expect(times(riyadh(10, 9, 30), riyadh(8, 12), [4, 3])).toEqual([
      { hours: 4, sendAt: riyadh(10, 8).toISOString() },
    ]);
    const noon = { from: 13 * 60, to: 15 * 60 };
    expect(times(riyadh(10, 18), riyadh(8, 12), [4], noon)).toEqual([
      { hours: 4, sendAt: riyadh(10, 15).toISOString() },
    ]);
    expect(times(riyadh(10, 15, 30), riyadh(8, 12), [2], noon)).toEqual([
      { hours: 2, sendAt: riyadh(10, 12, 59).toISOString() },
    ]);
    expect(reminderTimes(riyadh(10, 8, 30), riyadh(8, 12), [2], null).map((r) => r.sendAt.toISOString())).toEqual([
      riyadh(10, 6, 30).toISOString(),
    ]);
  });

  it("finds the quiet span an instant is in, across midnight either way", () => {
    expect(quietSpanAt(riyadh(10, 23).getTime(), DEFAULT_QUIET)).toEqual({
      start: riyadh(10, 22).getTime(),
      end: riyadh(11, 8).getTime(),
    });
    expect(quietSpanAt(riyadh(10, 3).getTime(), DEFAULT_QUIET)).toEqual({
      start: riyadh(9, 22).getTime(),
      end: riyadh(10, 8).getTime(),
    });
    expect(quietSpanAt(riyadh(10, 8).getTime(), DEFAULT_QUIET)).toBeNull();
    expect(quietSpanAt(riyadh(10, 21, 59).getTime(), DEFAULT_QUIET)).toBeNull();
    expect(quietSpanAt(riyadh(10, 22).getTime(), DEFAULT_QUIET)).not.toBeNull();
  });
});
