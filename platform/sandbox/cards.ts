import "server-only";

// The sandboxes' test cards (brief "Test data"): which number does what, and the checks a real
// gateway makes on card fields. Only the brand, first six and last four digits are ever stored.

export type CardBrand = "visa" | "mada" | "master";

/** null: the card goes on to 3-D Secure; otherwise the decline reason (Moyasar's source.message). */
export type CardOutcome = string | null;

const FAILURE_CARDS: Record<string, string> = {
  "4000000000000002": "DECLINED",
  "4000000000000010": "INSUFFICIENT_FUNDS",
  "4000000000000028": "EXPIRED_CARD",
  "4000000000000036": "BLOCKED",
  "4000000000000044": "TIMED_OUT",
  "4000000000000051": "REFERRED",
  "4000000000000069": "UNSPECIFIED_FAILURE",
};

export const THREE_DS_FAILED = "3-D Secure transaction attempt failed (DECLINED)";
export const TIME_FRAME_EXPIRED = "Payment:Error:TimeFrameExpired";

// A few real mada BINs (the test card's 420132 among them); mada wins over visa/master.
const MADA_BINS = new Set(["420132", "440647", "440795", "446404", "457865", "468540", "484783", "588845", "604906", "636120", "968208", "968211"]);

export type CardInput = { name: unknown; number: unknown; month: unknown; year: unknown; cvc: unknown };

export type CheckedCard = { brand: CardBrand; name: string; firstSix: string; lastFour: string; month: number; year: number; outcome: CardOutcome };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand | null {
  if (MADA_BINS.has(digits.slice(0, 6))) return "mada";
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "master";
  return null;
}

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).trim() : "");

/** The field errors a gateway answers (Moyasar's `errors` shape), or the card. `now` decides expiry. */
export function checkCard(input: CardInput, now = new Date()): { card: CheckedCard } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const name = text(input.name).replace(/\s+/g, " ");
  if (!name) errors.name = ["can't be blank"];
  else if (name.split(" ").length < 2) errors.name = ["must contain first and last name"];
  const digits = text(input.number).replace(/[\s-]/g, "");
  const brand = /^\d{12,19}$/.test(digits) && luhnValid(digits) ? cardBrand(digits) : null;
  if (!digits) errors.number = ["can't be blank"];
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = ["is invalid"];
  else if (!brand) errors.number = ["card brand is not supported"];
  const month = Number(text(input.month));
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.month = ["is invalid"];
  let year = Number(text(input.year));
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(year) || year < 2000 || year > 2100) errors.year = ["is invalid"];
  else if (!errors.month && (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))) errors.year = ["card is expired"];
  if (!/^\d{3,4}$/.test(text(input.cvc))) errors.cvc = ["is invalid"];
  if (Object.keys(errors).length > 0 || !brand) return { errors };
  return { card: { brand, name, firstSix: digits.slice(0, 6), lastFour: digits.slice(-4), month, year, outcome: FAILURE_CARDS[digits] ?? null } };
}

/** The card number as Moyasar shows it: "XXXX-XXXX-XXXX-1111". */
export const maskedNumber = (card: Pick<CheckedCard, "lastFour">) => `XXXX-XXXX-XXXX-${card.lastFour}`;
