import { z } from "zod";
import { toLatinDigits } from "@/rules/digits";
import { COUNTRY_ORDER, normalizeMobile } from "@/rules/phone";

/**
 * The sign-in sheet's phone form (react-hook-form); the code's digits are read by rules/digits.ts.
 * Error messages are message keys (spec §5: validation.required, validation.invalid).
 */

export const phoneFormSchema = z
  .object({
    country: z.enum(COUNTRY_ORDER),
    number: z.string().max(40, "validation.invalid"),
  })
  .superRefine((value, ctx) => {
    if (!value.number.trim()) ctx.addIssue({ code: "custom", path: ["number"], message: "validation.required" });
    else if (!normalizeMobile(toLatinDigits(value.number), value.country))
      ctx.addIssue({ code: "custom", path: ["number"], message: "validation.invalid" });
  });

export type PhoneForm = z.infer<typeof phoneFormSchema>;

/** The E.164 number of a valid phone form (the schema has passed), else null. */
export function phoneFormMobile(form: PhoneForm): string | null {
  return normalizeMobile(toLatinDigits(form.number), form.country);
}
