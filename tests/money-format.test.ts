import { describe, expect, it } from "vitest";
import { formatNumber, formatSar, sarParts } from "@/lib/money";

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

// An amount's digits are written without Intl.NumberFormat (its first use costs a phone's
// hydration ~60 ms); they must be ICU's, whole amounts without halalas and others with two.
describe("amounts", () => {
  const icu = (locale: "ar" | "en", amount: number) =>
    new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-arab" : "en-SA", {
      minimumFractionDigits: Number.isInteger(Math.round(amount * 100) / 100) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  const digits = (amount: number, locale: "ar" | "en") => sarParts(amount, locale)[2].slice(1, -1);

  it("writes every amount exactly as ICU does, in both languages", () => {
    const amounts = [
      1e-7,
      0.1 + 0.2 - 0.3,
      0.005,
      0.0049,
      1e15,
      0,
      0.5,
      0.05,
      1,
      9.99,
      10,
      99.5,
      100,
      287.5,
      999.99,
      1000,
      1000.01,
      12345.67,
      100000,
      999999.99,
      1234567.89,
      1e9,
      -1,
      -12.5,
      -1234.56,
      1.005,
      2.675,
      0.285,
      1.255,
      10.125,
      99.995,
      -0.125,
    ];
    // Whole riyals, halalas and three-decimal amounts across the range a store's prices and totals take.
    for (let i = 0; i < 3000; i++) amounts.push(i, i / 100, (i * 7919) / 1000, (i * 104729) / 100);
    for (const locale of ["ar", "en"] as const)
      for (const amount of amounts) expect(digits(amount, locale), `${locale} ${amount}`).toBe(icu(locale, amount));
  });

  it("puts the sign first and the digits in a left-to-right isolate; Arabic letters after the digits", () => {
    expect(formatSar(1234.5, "en")).toBe("\u2066\u20C1\u00a01,234.50\u2069");
    expect(formatSar(1234.5, "ar")).toBe("\u2066\u20C1\u00a0١٬٢٣٤٫٥٠\u2069");
    expect(formatSar(150, "ar", "letters")).toBe("\u2067١٥٠\u00a0ر.س\u2069");
  });

  it("writes an amount that rounds to nothing as 0, never -0", () => {
    expect(digits(-0.001, "en")).toBe("0");
    expect(digits(-0, "ar")).toBe("٠");
  });
});
