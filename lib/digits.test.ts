import { describe, expect, it } from "vitest";
import { parseDigits } from "./digits";

describe("parseDigits", () => {
  it("reads Latin, Arabic-Indic and Persian digits", () => {
    expect(parseDigits("12")).toBe(12);
    expect(parseDigits("١٢")).toBe(12);
    expect(parseDigits("۴")).toBe(4);
  });
  it("ignores separators and other characters, and gives 0 for nothing", () => {
    expect(parseDigits("1٬000")).toBe(1000);
    expect(parseDigits("")).toBe(0);
    expect(parseDigits("abc")).toBe(0);
  });
  it("caps absurd lengths", () => {
    expect(parseDigits("12345678901")).toBe(123456);
  });
});
