import { describe, expect, it } from "vitest";
import { dayStart, formatHm, openingWindow, parseHm, riyadhDay, riyadhDayStart, today } from "@/platform/time";
import { isPlatformDay } from "@/rules/riyadh-time";

describe("platform time (Asia/Riyadh, UTC+3)", () => {
  it("puts a Riyadh day's midnight at 21:00 UTC the day before", () => {
    expect(dayStart("2026-03-10").toISOString()).toBe("2026-03-09T21:00:00.000Z");
    expect(dayStart("2028-01-01").toISOString()).toBe("2027-12-31T21:00:00.000Z");
  });
  it("refuses malformed days", () => {
    expect(() => dayStart("2026-02-30")).toThrow(RangeError);
    expect(() => dayStart("10/03/2026")).toThrow(RangeError);
  });
  it("accepts real days of the years 2000–2999 only", () => {
    expect(isPlatformDay("2026-02-28")).toBe(true);
    expect(isPlatformDay("2028-02-29")).toBe(true);
    expect(isPlatformDay("2026-02-29")).toBe(false);
    expect(isPlatformDay("1999-12-31")).toBe(false);
    expect(isPlatformDay("9999-12-31")).toBe(false);
    expect(isPlatformDay("2026-3-1")).toBe(false);
  });
  it("names the Riyadh day of an instant across the UTC day boundary", () => {
    expect(riyadhDay(new Date("2026-03-09T20:59:59Z"))).toBe("2026-03-09");
    expect(riyadhDay(new Date("2026-03-09T21:00:00Z"))).toBe("2026-03-10");
    expect(today(new Date("2026-12-31T22:00:00Z"))).toBe("2027-01-01");
  });
  it("gives the midnight of a day some days ahead", () => {
    const now = new Date("2026-03-09T22:30:00Z"); // 01:30 on the 10th in Riyadh
    expect(riyadhDayStart(now).toISOString()).toBe("2026-03-09T21:00:00.000Z");
    expect(riyadhDayStart(now, 2).toISOString()).toBe("2026-03-11T21:00:00.000Z");
    expect(riyadhDayStart(now, -1).toISOString()).toBe("2026-03-08T21:00:00.000Z");
  });
  it("parses and formats HH:MM", () => {
    expect(parseHm("08:30")).toBe(510);
    expect(parseHm("24:00")).toBe(1440);
    expect(parseHm("24:30")).toBeNull();
    expect(parseHm("8:30")).toBeNull();
    expect(parseHm("12:60")).toBeNull();
    expect(formatHm(510)).toBe("08:30");
    expect(formatHm(1320)).toBe("22:00");
  });
  it("looks opening hours up by weekday", () => {
    // 2026-03-13 is a Friday (5), 2026-03-14 a Saturday (6).
    const hours = { "5": ["14:00", "23:00"] as [string, string], "6": null };
    const friday = openingWindow(hours, "2026-03-13");
    expect(friday?.open.toISOString()).toBe("2026-03-13T11:00:00.000Z");
    expect(friday?.close.toISOString()).toBe("2026-03-13T20:00:00.000Z");
    expect(openingWindow(hours, "2026-03-14")).toBeNull();
    expect(openingWindow(hours, "2026-03-15")).toBeNull(); // Sunday not listed: closed
  });
  it("treats no opening hours as open all day, and inverted hours as closed", () => {
    const all = openingWindow(null, "2026-03-13");
    expect(all?.open.toISOString()).toBe("2026-03-12T21:00:00.000Z");
    expect(all?.close.toISOString()).toBe("2026-03-13T21:00:00.000Z");
    expect(openingWindow({ "5": ["22:00", "10:00"] }, "2026-03-13")).toBeNull();
  });
});
