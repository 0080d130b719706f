import { z } from "zod";
import { toLatinDigits } from "./sign-in";

/**
 * The card form (spec §5): one schema for the payment step's form. Card data never reaches our
 * server (the browser sends it to the provider's token endpoint), so this is the only check we
 * make; messages are message keys (validation.*, checkout.card.name).
 */

/** Spec §9: the years offered are this year and the next nine. */
export const CARD_YEARS = 10;
export const CARD_NUMBER_MAX_DIGITS = 16;

/** The four-digit years a card may expire in, from this year on. */
export function cardYears(now: Date = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: CARD_YEARS }, (_, i) => String(first + i));
}

export const CARD_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

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

/** What the shopper typed (spaces, dashes, Arabic-Indic digits) as plain digits. */
export const cardDigits = (value: string) => toLatinDigits(value).replace(/[\s-]/g, "");

/** The number in groups of four, as it is printed on the card (for the input's display). */
export const formatCardNumber = (value: string) =>
  cardDigits(value)
    .replace(/\D/g, "")
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** Letters of any script and single spaces between words. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M}]+( [\p{L}\p{M}]+)*$/u;

export function cardSchema(now: Date = new Date()) {
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
            .regex(LETTERS_AND_SPACES, "checkout.card.name")
            .refine((v) => v.split(" ").length >= 2, "validation.nameOnCard"),
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
            .refine((v) => v.length >= 12 && passesLuhn(v), "validation.cardNumber"),
        ),
      month: z.string().min(1, "validation.required").refine((v) => CARD_MONTHS.includes(v), "validation.invalid"),
      year: z.string().min(1, "validation.required").refine((v) => years.includes(v), "validation.invalid"),
      cvc: z
        .string()
        .transform((v) => toLatinDigits(v).trim())
        .pipe(z.string().min(1, "validation.required").regex(/^\d*$/, "validation.invalid").min(2, "validation.invalid").max(50, "validation.invalid")),
    })
    .superRefine((card, ctx) => {
      // A card that ran out earlier this year: the provider would refuse it anyway.
      if (card.year === years[0] && CARD_MONTHS.includes(card.month) && Number(card.month) < now.getMonth() + 1) {
        ctx.addIssue({ code: "custom", path: ["month"], message: "validation.invalid" });
      }
    });
}

export type CardValues = z.input<ReturnType<typeof cardSchema>>;
export type Card = z.output<ReturnType<typeof cardSchema>>;
