import "server-only";
import { cardNetwork, NETWORK_RULES, passesLuhn, validCardNumber } from "@/rules/card-networks";

// The sandboxes' test cards (brief "Test data"): which number does what, and the checks a real
// gateway makes on card fields. Only the brand, first six and last four digits are ever stored.

/** The card brands as the card gateways name them (`company`): "master" for Mastercard. */
export type CardBrand = "visa" | "mada" | "master" | "amex" | "unionpay";

/** null: the card goes on to 3-D Secure; otherwise the decline reason (spec §8's, as the gateway reports it). */
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

export type CardInput = { name: unknown; number: unknown; month: unknown; year: unknown; cvc: unknown };

export type CheckedCard = {
  brand: CardBrand;
  name: string;
  firstSix: string;
  lastFour: string;
  month: number;
  year: number;
  outcome: CardOutcome;
};

/** The brand a number is booked under: the full mada BIN list (6 and 8 digits) first, then the networks' ranges. */
export function cardBrand(digits: string): CardBrand | null {
  const network = cardNetwork(digits);
  return network === "mastercard" ? "master" : network;
}

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).trim() : "");

/** The field errors a gateway answers (an `errors` map of field to messages), or the card. `now` decides expiry. */
export function checkCard(
  input: CardInput,
  now = new Date(),
): { card: CheckedCard } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const name = text(input.name).replace(/\s+/g, " ");
  if (!name) errors.name = ["can't be blank"];
  else if (name.split(" ").length < 2) errors.name = ["must contain first and last name"];
  const digits = text(input.number).replace(/[\s-]/g, "");
  const network = /^\d+$/.test(digits) ? cardNetwork(digits) : null;
  const brand = network && validCardNumber(digits, network) ? cardBrand(digits) : null;
  if (!digits) errors.number = ["can't be blank"];
  else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.number = ["is invalid"];
  else if (!network) errors.number = ["card brand is not supported"];
  else if (!brand) errors.number = ["is invalid"];
  const month = Number(text(input.month));
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.month = ["is invalid"];
  let year = Number(text(input.year));
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(year) || year < 2000 || year > 2100) errors.year = ["is invalid"];
  else if (
    !errors.month &&
    (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
  )
    errors.year = ["card is expired"];
  // 3 digits, 4 on American Express (rules/card-networks.ts).
  if (!new RegExp(`^\\d{${NETWORK_RULES[network ?? "visa"].cvc}}$`).test(text(input.cvc))) errors.cvc = ["is invalid"];
  if (Object.keys(errors).length > 0 || !brand) return { errors };
  return {
    card: {
      brand,
      name,
      firstSix: digits.slice(0, 6),
      lastFour: digits.slice(-4),
      month,
      year,
      outcome: FAILURE_CARDS[digits] ?? null,
    },
  };
}

/** The card number as the gateway shows it: "XXXX-XXXX-XXXX-1111". */
export const maskedNumber = (card: Pick<CheckedCard, "lastFour">) => `XXXX-XXXX-XXXX-${card.lastFour}`;
