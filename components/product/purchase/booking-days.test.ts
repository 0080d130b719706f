import { describe, expect, it } from "vitest";
import { arrowTarget, closedStatus } from "./booking-days";

// Fridays closed (2026-12-04 and 2026-12-11 are Fridays); nights of 8 and 9 December booked.
const closed = closedStatus({
  "0": ["10:00", "22:00"],
  "1": ["10:00", "22:00"],
  "2": ["10:00", "22:00"],
  "3": ["10:00", "22:00"],
  "4": ["10:00", "22:00"],
  "5": null,
  "6": ["10:00", "22:00"],
});
const booked = new Set(["2026-12-08", "2026-12-09"]);
const isDisabled = (day: string) => closed(day) !== undefined || booked.has(day);
const move = (day: string, step: number) => arrowTarget(day, step, "2026-12-02", "2026-12-31", isDisabled);

describe("the calendar's arrow keys", () => {
  it("move one day or one week to a day that can be chosen", () => {
    expect(move("2026-12-02", 1)).toBe("2026-12-03");
    expect(move("2026-12-03", 7)).toBe("2026-12-10");
    expect(move("2026-12-10", -1)).toBe("2026-12-07");
  });

  it("step over closed and booked days instead of stopping in front of them", () => {
    expect(move("2026-12-03", 1), "Thursday → Saturday over the closed Friday").toBe("2026-12-05");
    expect(move("2026-12-05", -1)).toBe("2026-12-03");
    expect(move("2026-12-07", 1), "over both booked nights").toBe("2026-12-10");
    expect(move("2026-12-01", 7), "a week on lands on a booked night: the week after").toBe("2026-12-15");
  });

  it("stay put at the ends of the booking window", () => {
    expect(move("2026-12-02", -1)).toBeNull();
    expect(move("2026-12-03", -7)).toBeNull();
    expect(move("2026-12-31", 1)).toBeNull();
    expect(move("2026-12-28", 7)).toBeNull();
  });
});
