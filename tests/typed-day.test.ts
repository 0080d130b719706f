import { describe, expect, it } from "vitest";
import { parseTypedDay, showTypedDay } from "@/lib/typed-day";

describe("a day typed day first", () => {
  it("reads day/month/year in Latin or Arabic-Indic digits, with slashes, dashes, dots or spaces", () => {
    for (const typed of ["25/12/1990", "25-12-1990", "25.12.1990", "25 12 1990", "٢٥/١٢/١٩٩٠", " 25 / 12 / 1990 "])
      expect(parseTypedDay(typed)).toBe("1990-12-25");
    expect(parseTypedDay("5/1/2001")).toBe("2001-01-05");
    expect(parseTypedDay("1990-12-25")).toBe("1990-12-25");
  });

  it("names no day for a half-typed, impossible or month-first text", () => {
    for (const typed of ["", "25/12", "25/12/19", "31/02/2000", "12/25/1990", "abc"])
      expect(parseTypedDay(typed)).toBeNull();
  });

  it("shows an ISO day day first, and anything else as it is", () => {
    expect(showTypedDay("1990-12-25")).toBe("25/12/1990");
    expect(showTypedDay("25/12")).toBe("25/12");
    expect(showTypedDay("")).toBe("");
  });
});
