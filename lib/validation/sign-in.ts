import { z } from "zod";
import { VerifyOtpInput } from "@/contract/input/auth";
import { COUNTRY_ORDER, normalizeMobile } from "@/rules/phone";

/**
 * Sign-in forms and bodies, shared by the sign-in sheet (react-hook-form) and the session BFF.
 * Error messages are message keys (spec §5: validation.required, validation.invalid).
 */

export const OTP_CODE_LENGTH = 6;

/** Latin digits for Arabic-Indic (٠–٩) and Persian (۰–۹) ones; other characters stay. */
export function toLatinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * What the code field keeps of what was typed, pasted or autofilled: the digits only, in Latin,
 * at most six ("١٢٣ ٤٥٦" → "123456", "Your code: 123456" → "123456").
 */
export function normalizeOtpCode(text: string): string {
  return toLatinDigits(text).replace(/\D/g, "").slice(0, OTP_CODE_LENGTH);
}

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

/**
 * POST /api/session/otp/verify: the contract's body, with the code as typed (Arabic-Indic digits,
 * spaces) normalised like the field does before the platform compares it.
 */
export const verifyOtpBody = VerifyOtpInput.extend({
  token: VerifyOtpInput.shape.token.min(1),
  code: z.string().max(40).transform(normalizeOtpCode).pipe(z.string().length(OTP_CODE_LENGTH)),
  /** Signed in already and confirming another number: the cart comes along (the BFF's own field). */
  keepCart: z.boolean().optional(),
});
