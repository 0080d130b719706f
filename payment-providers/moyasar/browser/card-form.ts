import { z } from "zod";
import {
  acceptedNetworks,
  CARD_NAME_ENGLISH,
  CARD_NAME_TWO_WORDS,
  CARD_NUMBER_MAX_DIGITS,
  cardNetwork,
  NETWORK_RULES,
  passesLuhn,
  validCardNumber,
  type CardNetwork,
} from "@/rules/card-networks";
import { toLatinDigits } from "@/rules/digits";

/**
 * The card form (spec §5): one schema for the payment step's form. Card data never reaches our
 * server (the browser sends it to the provider's token endpoint), so this is the only check we
 * make; messages are message keys (validation.*, checkout.card.name).
 */

/** Spec §9: the years offered are this year and the next nine. */
export const CARD_YEARS = 10;
export { CARD_NUMBER_MAX_DIGITS, passesLuhn };

/** The four-digit years a card may expire in, from this year on. */
export function cardYears(now: Date = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: CARD_YEARS }, (_, i) => String(first + i));
}

export const CARD_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** What the shopper typed (spaces, dashes, Arabic-Indic digits) as plain digits. */
export const cardDigits = (value: string) => toLatinDigits(value).replace(/[\s-]/g, "");

/** The number grouped as it is printed on the card: 4-6-5 for American Express, fours otherwise. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, "").slice(0, CARD_NUMBER_MAX_DIGITS);
  if (cardNetwork(digits) === "amex")
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The card form's checks are Moyasar's own form's (rules/card-networks.ts), within the spec's
 * (§5): a network the store takes (its MADA/VISA settings), the number's length for that network
 * (UnionPay up to 19 digits: Moyasar's rule over the spec's 16), a security code of 3 digits (4 on
 * American Express), and the name in English letters as Moyasar requires (hyphens allowed).
 */
export function cardSchema(
  now: Date = new Date(),
  networks: readonly CardNetwork[] = acceptedNetworks({ mada: true, visa: true }),
) {
  const years = cardYears(now);
  return z
    .object({
      name: z
        .string()
        .transform((v) => v.trim().replace(/\s+/g, " "))
        .pipe(
          z
            .string()
            .min(1, "validation.required")
            .max(100, "validation.invalid")
            .regex(CARD_NAME_ENGLISH, "checkout.card.name")
            .regex(CARD_NAME_TWO_WORDS, "validation.nameOnCard"),
        ),
      number: z
        .string()
        .transform(cardDigits)
        .pipe(
          z
            .string()
            .min(1, "validation.required")
            .regex(/^\d+$/, "validation.cardNumber")
            .max(CARD_NUMBER_MAX_DIGITS, "validation.cardNumber")
            .superRefine((v, ctx) => {
              const network = cardNetwork(v);
              if (!network) ctx.addIssue({ code: "custom", message: "validation.cardNumber" });
              else if (!networks.includes(network)) ctx.addIssue({ code: "custom", message: "validation.cardType" });
              else if (!validCardNumber(v, network)) ctx.addIssue({ code: "custom", message: "validation.cardNumber" });
            }),
        ),
      month: z
        .string()
        .min(1, "validation.required")
        .refine((v) => CARD_MONTHS.includes(v), "validation.invalid"),
      year: z
        .string()
        .min(1, "validation.required")
        .refine((v) => years.includes(v), "validation.invalid"),
      cvc: z
        .string()
        .transform((v) => toLatinDigits(v).trim())
        .pipe(z.string().min(1, "validation.required").regex(/^\d*$/, "validation.invalid").max(4, "validation.cvc")),
    })
    .superRefine((card, ctx) => {
      // A card that ran out earlier this year: the provider would refuse it anyway.
      if (card.year === years[0] && CARD_MONTHS.includes(card.month) && Number(card.month) < now.getMonth() + 1) {
        ctx.addIssue({ code: "custom", path: ["month"], message: "validation.cardExpired" });
      }
      // The security code's length is the network's: 4 digits on American Express, 3 on the others.
      const network = cardNetwork(card.number);
      if (/^\d+$/.test(card.cvc) && card.cvc.length !== NETWORK_RULES[network ?? "visa"].cvc)
        ctx.addIssue({ code: "custom", path: ["cvc"], message: "validation.cvc" });
    });
}

export type CardValues = z.input<ReturnType<typeof cardSchema>>;
export type Card = z.output<ReturnType<typeof cardSchema>>;
