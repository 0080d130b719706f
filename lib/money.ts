/**
 * SAR formatting for both languages, one place (ARCHITECTURE §5): the Saudi riyal sign U+20C1
 * (drawn by the page's own small font, app/globals.css), on the left of the amount with a space in
 * every language, as SAMA's rules for the sign say — held in a left-to-right isolate, so that an
 * Arabic line never moves it to the right. Arabic uses Arabic-Indic digits everywhere (the explicit
 * `nu-arab` keeps server and browser ICU in agreement); whole amounts drop the halalas, others show
 * two decimals. Prices for machines (JSON-LD, providers) keep the code SAR and never come here.
 */
export const RIYAL_SIGN = "\u20C1";

/** How a store writes the currency: the riyal sign (default), or the letters (ر.س / SAR), a tenant setting. */
export type SarStyle = "sign" | "letters";

/** What a screen reader says for the currency, in the page's language. */
export const SAR_NAME = { ar: "ريال سعودي", en: "Saudi riyal" } as const;

/**
 * An amount's parts in reading order — before the currency, the currency, after it — isolated from
 * the line around it: the sign or "SAR" first on the left (left-to-right isolate); Arabic letters
 * after the digits as Arabic writes them (right-to-left isolate: "١٥٠ ر.س").
 */
export type SarParts = [before: string, symbol: string, after: string];

const formatters = new Map<string, Intl.NumberFormat>();
const ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";
/** Latin digits and separators as Arabic writes them: Arabic-Indic digits, ٬ for thousands, ٫ for decimals. */
export const inArabic = (text: string) =>
  text.replace(/[0-9.,]/g, (c) => (c === "," ? "\u066C" : c === "." ? "\u066B" : ARABIC_INDIC_DIGITS[+c]));

/**
 * An amount's digits as ICU writes them in ar-SA-u-nu-arab and en-SA (tests/money-format.test.ts holds the
 * two equal): grouped by thousands, two decimals unless whole, Arabic-Indic digits and separators
 * in Arabic, a minus after Arabic's letter mark. Written here because building an
 * Intl.NumberFormat for Arabic-Indic digits costs a product page's hydration ~60 ms of a phone's
 * main thread (two of them: whole and decimal amounts). Rounded as ICU rounds: half away from zero
 * on the number's shortest decimal form (1.005 ⇒ 1.01); "0" for an amount that rounds to nothing
 * (a sum's 5.6e-17 among them), where ICU would write "-0". Up to 10^21 riyals, far past any price.
 */
function amountDigits(amount: number, locale: string): string {
  const abs = Math.abs(amount);
  const [int, frac = ""] = (abs < 0.005 ? "0" : String(abs)).split(".");
  const halalas = Number(int) * 100 + Number((frac + "00").slice(0, 2)) + +(frac[2] >= "5");
  const whole = String(Math.floor(halalas / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const cents = halalas % 100;
  const text = cents === 0 ? whole : `${whole}.${String(100 + cents).slice(1)}`;
  const minus = amount < 0 && halalas > 0 ? (locale === "ar" ? "\u061C-" : "-") : "";
  return minus + (locale === "ar" ? inArabic(text) : text);
}

export function sarParts(amount: number, locale: string, style: SarStyle = "sign"): SarParts {
  const digits = amountDigits(amount, locale);
  if (style === "letters" && locale === "ar") return [`\u2067${digits}\u00a0`, "ر.س", "\u2069"];
  // A negative amount keeps its minus beside the digits, the sign still first.
  return ["\u2066", style === "letters" ? "SAR" : RIYAL_SIGN, `\u00a0${digits}\u2069`];
}

/** The amount as text (a sentence, a button's label, a toast). */
export function formatSar(amount: number, locale: string, style: SarStyle = "sign"): string {
  return sarParts(amount, locale, style).join("");
}

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
    return locale === "ar" ? inArabic(digits) : digits;
  }
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-arab" : "en-SA");
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
