import { describe, expect, it } from "vitest";
import { formatNumber } from "@/lib/money";

// formatNumber writes small whole numbers itself (no Intl.NumberFormat on the first render); it
// must agree with ICU, which writes every other number.
describe("formatNumber", () => {
  const icu = { ar: new Intl.NumberFormat("ar-SA-u-nu-arab"), en: new Intl.NumberFormat("en-SA") };

  it("writes 0–999 exactly as ICU does, in both languages", () => {
    for (const locale of ["ar", "en"] as const) {
      for (let n = 0; n < 1000; n++) expect(formatNumber(n, locale)).toBe(icu[locale].format(n));
    }
  });

  it("uses Arabic-Indic digits in Arabic and Latin digits in English", () => {
    expect(formatNumber(7, "ar")).toBe("٧");
    expect(formatNumber(305, "ar")).toBe("٣٠٥");
    expect(formatNumber(7, "en")).toBe("7");
  });

  it("leaves grouping, fractions and negatives to ICU", () => {
    for (const locale of ["ar", "en"] as const) {
      for (const n of [1000, 12345, 2.5, -3, 999.5, 1e6]) expect(formatNumber(n, locale)).toBe(icu[locale].format(n));
    }
  });
});
