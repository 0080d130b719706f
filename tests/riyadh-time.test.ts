import { describe, expect, it } from "vitest";
import { addDays, daysBetween, daysInMonth, isDay, monthStart, riyadhToday, weekday } from "@/rules/riyadh-time";
import { formatDay, formatTime } from "@/lib/day-format";

describe("riyadh days", () => {
  it("takes today in Riyadh, which starts at 21:00 UTC the evening before", () => {
    expect(riyadhToday(new Date("2026-03-01T20:59:59Z"))).toBe("2026-03-01");
    expect(riyadhToday(new Date("2026-03-01T21:00:00Z"))).toBe("2026-03-02");
  });
  it("adds days across months and years, and counts nights", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
  });
  it("knows weekdays, month starts and lengths", () => {
    expect(weekday("2026-11-22")).toBe(0); // a Sunday
    expect(monthStart("2026-11-22")).toBe("2026-11-01");
    expect(monthStart("2026-11-22", 2)).toBe("2027-01-01");
    expect(daysInMonth("2028-02-10")).toBe(29);
  });
  it("validates day strings", () => {
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("20260228")).toBe(false);
  });
  it("formats days and Riyadh clock times in both languages", () => {
    expect(formatDay("2026-11-22", "en")).toBe("Sun 22 Nov");
    expect(formatDay("2026-11-22", "ar")).toContain("٢٢");
    expect(formatTime("2026-11-22T07:00:00.000Z", "en").replace(/\s/g, " ")).toBe("10:00 AM");
    expect(formatTime("2026-11-22T17:00:00.000Z", "ar")).toContain("٨:٠٠");
  });
});
