import { describe, expect, it } from "vitest";
import { formatNumber, formatSar, withTax } from "./money";

describe("withTax", () => {
  it("multiplies by the tenant's tax rate and rounds to halalas", () => {
    expect(withTax(250, 1.15)).toBe(287.5);
    expect(withTax(60, 1.15)).toBe(69);
    expect(withTax(65, 1.15)).toBe(74.75);
    expect(withTax(0.1, 1.15)).toBe(0.12);
    expect(withTax(33.33, 1.15)).toBe(38.33);
  });
  it("leaves the amount alone when tax is off (rate 1)", () => {
    expect(withTax(150, 1)).toBe(150);
    expect(withTax(19.99, 1)).toBe(19.99);
  });
});

describe("formatSar", () => {
  it("writes the riyal sign on the left of the amount with a space, in a left-to-right isolate, and drops .00 on whole amounts", () => {
    expect(formatSar(1234.5, "en")).toBe("\u2066\u20C1\u00a01,234.50\u2069");
    expect(formatSar(250, "en")).toBe("\u2066\u20C1\u00a0250\u2069");
  });
  it("uses Arabic-Indic digits in Arabic, the sign still first inside the isolate", () => {
    expect(formatSar(287.5, "ar")).toBe("\u2066\u20C1\u00a0٢٨٧٫٥٠\u2069");
    expect(formatSar(250, "ar")).toBe("\u2066\u20C1\u00a0٢٥٠\u2069");
    expect(formatSar(-50, "en")).toBe("\u2066\u20C1\u00a0-50\u2069");
  });
  it("writes the letters for a store that chose them: SAR before the amount in English, ر.س after it in Arabic (a right-to-left isolate)", () => {
    expect(formatSar(287.5, "en", "letters")).toBe("\u2066SAR\u00a0287.50\u2069");
    expect(formatSar(287.5, "ar", "letters")).toBe("\u2067٢٨٧٫٥٠\u00a0ر.س\u2069");
    expect(formatSar(287.5, "ar", "sign")).toBe(formatSar(287.5, "ar"));
  });
});

describe("formatNumber", () => {
  it("writes digits of the page's language", () => {
    expect(formatNumber(12, "ar")).toBe("١٢");
    expect(formatNumber(12, "en")).toBe("12");
  });
});
