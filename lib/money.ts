/**
 * SAR formatting for both languages, one place (ARCHITECTURE §5): the Saudi riyal sign U+20C1
 * (drawn by the page's own small font, app/globals.css), on the left of the amount with a space in
 * every language, as SAMA's rules for the sign say — held in a left-to-right isolate, so that an
 * Arabic line never moves it to the right. Arabic uses Arabic-Indic digits everywhere (the explicit
 * `nu-arab` keeps server and browser ICU in agreement); whole amounts drop the halalas, others show
 * two decimals. Prices for machines (JSON-LD, providers) keep the code SAR and never come here.
 */
export const RIYAL_SIGN = "\u20C1";

const formatters = new Map<string, Intl.NumberFormat>();

function numberLocale(locale: string): string {
  return locale === "ar" ? "ar-SA-u-nu-arab" : "en-SA";
}

export function formatSar(amount: number, locale: string): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  const key = `${locale}:${whole}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale), { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    formatters.set(key, f);
  }
  // A negative amount keeps its minus beside the digits, the sign still first.
  return `\u2066${RIYAL_SIGN}\u00a0${f.format(amount)}\u2069`;
}

const ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

/**
 * A plain number in the page's digits (quantities, nights, hours). Whole numbers below 1,000 (a
 * cart's count, a quantity: what the first render shows) are written digit by digit, which is what
 * ICU writes for them (tests/money-format.test.ts holds the two equal); building the first
 * Intl.NumberFormat costs a phone some 30 ms, which the header's cart button would otherwise pay
 * while the page hydrates. Everything else goes through Intl.
 */
export function formatNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) {
    const digits = String(value);
    return locale === "ar" ? digits.replace(/[0-9]/g, (d) => ARABIC_INDIC_DIGITS[Number(d)]) : digits;
  }
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale));
    formatters.set(locale, f);
  }
  return f.format(value);
}

/**
 * The price including VAT: the amount (SAR, before tax) × the tenant's tax multiplier, rounded to
 * halalas the way the platform rounds (on integer halalas, so 0.1 + 0.2 style errors never show).
 */
export function withTax(amount: number, taxRate: number): number {
  const halalas = Math.round(amount * 100);
  return Math.round(halalas * taxRate) / 100;
}
