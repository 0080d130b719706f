import { describe, expect, it } from "vitest";
import { COUNTRY_ORDER, DIALING_CODES, normalizeMobile, splitMobile } from "@/rules/phone";

describe("normalizeMobile", () => {
  it.each([
    ["0501234567", "+966501234567"],
    ["501234567", "+966501234567"],
    ["+966501234567", "+966501234567"],
    ["00966501234567", "+966501234567"],
    ["+966 55 123 4567", "+966551234567"],
    ["050-123-4567", "+966501234567"],
    ["٠٥٠١٢٣٤٥٦٧", "+966501234567"],
    ["  0501234567  ", "+966501234567"],
    ["+971501234567", "+971501234567"],
  ])("%j → %s (default SA)", (input, e164) => expect(normalizeMobile(input)).toBe(e164));

  it.each([
    ["501234567", "AE", "+971501234567"],
    ["55123456", "KW", "+96555123456"],
    ["33123456", "QA", "+97433123456"],
    ["36001234", "BH", "+97336001234"],
    ["91234567", "OM", "+96891234567"],
    ["+966501234567", "AE", "+966501234567"],
  ] as const)("%j in %s → %s", (input, country, e164) => expect(normalizeMobile(input, country)).toBe(e164));

  it.each([
    ["", "empty"],
    ["abc", "letters"],
    ["0112345678", "a Riyadh landline"],
    ["05012345", "too short"],
    ["0501234567890", "too long"],
    ["+12025550100", "a country outside the picker"],
    ["+447700900123", "a UK mobile"],
    ["9".repeat(60), "absurdly long"],
  ])("%j (%s) → null", (input) => expect(normalizeMobile(input)).toBeNull());

  it("rejects non-strings without throwing", () => {
    expect(normalizeMobile(undefined as unknown as string)).toBeNull();
    expect(normalizeMobile(123 as unknown as string)).toBeNull();
  });
});

describe("COUNTRY_ORDER and DIALING_CODES", () => {
  it("lists the spec's picker order with a dialing code each", () => {
    expect(COUNTRY_ORDER).toEqual(["SA", "AE", "KW", "QA", "BH", "OM"]);
    expect(COUNTRY_ORDER.map((c) => DIALING_CODES[c])).toEqual(["966", "971", "965", "974", "973", "968"]);
  });
});

describe("splitMobile", () => {
  it("returns the country and national digits of a normalised number", () => {
    expect(splitMobile("+966501234567")).toEqual({ country: "SA", nationalNumber: "501234567" });
    expect(splitMobile("+971501234567")).toEqual({ country: "AE", nationalNumber: "501234567" });
    expect(splitMobile("+12025550100")).toBeNull();
  });
});

describe("a stored mobile number as the order pages show it", () => {
  it("is grouped as people read it, with its country code; what does not parse stays as stored", async () => {
    const { displayMobile } = await import("@/rules/phone");
    expect(displayMobile("+966551234567")).toBe("+966 55 123 4567");
    expect(displayMobile("+971501234567")).toBe("+971 50 123 4567");
    expect(displayMobile("not a number")).toBe("not a number");
  });
});
