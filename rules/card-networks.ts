/**
 * Card networks as the default card provider's own payment form (its npm payment-form package;
 * the provider is the profile with `defaultCardForm`, payment-providers/profiles.ts) tells them
 * apart and checks them: the browser's card form and the provider sandbox apply the same rules, so
 * a card the form accepts is one the provider accepts, and the other way round.
 */

export type CardNetwork = "mada" | "visa" | "mastercard" | "amex" | "unionpay";

/**
 * The mada BINs (6 or 8 digits), as that payment form lists them. A mada card is also a Visa
 * or Mastercard by its first digit: the BIN decides, so mada is checked first.
 */
export const MADA_BINS: ReadonlySet<string> = new Set([
  "22337902",
  "22337986",
  "22402030",
  "40177800",
  "403024",
  "40545400",
  "406136",
  "406996",
  "40719700",
  "40728100",
  "40739500",
  "407520",
  "409201",
  "410621",
  "410685",
  "410834",
  "412565",
  "417633",
  "419593",
  "420132",
  "421141",
  "42222200",
  "422817",
  "422818",
  "422819",
  "428331",
  "428671",
  "428672",
  "428673",
  "431361",
  "432328",
  "434107",
  "439954",
  "440533",
  "440647",
  "440795",
  "442429",
  "442463",
  "445564",
  "446393",
  "446404",
  "446672",
  "45488707",
  "45501701",
  "455036",
  "455708",
  "457865",
  "457997",
  "458456",
  "462220",
  "468540",
  "468541",
  "468542",
  "468543",
  "474491",
  "483010",
  "483011",
  "483012",
  "484783",
  "486094",
  "486095",
  "486096",
  "489318",
  "489319",
  "49098000",
  "49098001",
  "492464",
  "504300",
  "513213",
  "515079",
  "516138",
  "520058",
  "521076",
  "52166100",
  "524130",
  "524514",
  "524940",
  "529415",
  "529741",
  "530060",
  "531196",
  "535825",
  "535989",
  "536023",
  "537767",
  "53973776",
  "543085",
  "543357",
  "549760",
  "554180",
  "555610",
  "558563",
  "588845",
  "588848",
  "588850",
  "604906",
  "636120",
  "968201",
  "968202",
  "968203",
  "968204",
  "968205",
  "968206",
  "968207",
  "968208",
  "968209",
  "968211",
  "968212",
]);

const isMada = (digits: string) => MADA_BINS.has(digits.slice(0, 6)) || MADA_BINS.has(digits.slice(0, 8));
/** Mastercard's 51–55 and 2221–2720 ranges. */
const MASTERCARD = /^(?:5[1-5][0-9]{2}|222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)/;

/** The network a number's first digits name, or null (mada before Visa and Mastercard, as the form decides). */
export function cardNetwork(digits: string): CardNetwork | null {
  if (isMada(digits)) return "mada";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(62|60|81)/.test(digits)) return "unionpay";
  if (MASTERCARD.test(digits)) return "mastercard";
  if (/^4/.test(digits)) return "visa";
  return null;
}

/** Each network's number lengths (the form's validators) and the security code's length. */
export const NETWORK_RULES: Record<CardNetwork, { number: RegExp; cvc: number }> = {
  mada: { number: /^\d{16}$/, cvc: 3 },
  visa: { number: /^4[0-9]{12}(?:[0-9]{3})?$/, cvc: 3 },
  mastercard: { number: new RegExp(`${MASTERCARD.source}[0-9]{12}$`), cvc: 3 },
  amex: { number: /^3[47][0-9]{13}$/, cvc: 4 },
  unionpay: { number: /^(62|60|81)[0-9]{14,17}$/, cvc: 3 },
};

export const CARD_NUMBER_MAX_DIGITS = 19;

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A number that is well formed for its network and passes Luhn. */
export const validCardNumber = (digits: string, network: CardNetwork) =>
  NETWORK_RULES[network].number.test(digits) && passesLuhn(digits);

/**
 * The name on the card as the form takes it: English letters, hyphens (Al-Qahtani) and
 * spaces, at least a first and a last name.
 */
export const CARD_NAME_ENGLISH = /^[a-zA-Z\-\s]+$/;
export const CARD_NAME_TWO_WORDS = /^[a-zA-Z-]+\s+?([a-zA-Z-]+\s?)+$/;

/**
 * The networks a store takes (spec §2 settings): mada with madaEnabled; the international credit
 * networks (Visa, Mastercard, American Express, UnionPay) with visaEnabled.
 */
export function acceptedNetworks(cards: { mada: boolean; visa: boolean }): CardNetwork[] {
  return [
    ...(cards.mada ? (["mada"] as const) : []),
    ...(cards.visa ? (["visa", "mastercard", "amex", "unionpay"] as const) : []),
  ];
}
