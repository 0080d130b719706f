import { z } from "zod";
import { errorMessageKey } from "@/lib/errors";
import { checkFieldValue, normalizeFieldValue, type FieldRule } from "@/contract/custom-field-values";
import { SINGLE_LINE_TEXT } from "@/contract/text";

/**
 * Account settings bodies (PUT /api/session/profile and /custom-fields), shared by the form and
 * the session BFF. Messages are message keys (spec §5). The platform checks custom fields against
 * their definitions again, with its SP: codes.
 */


export const NAME_MAX = 100;

export const profileBody = z.object({
  // Spec §5: surrounding spaces removed, at least one character.
  name: z.string().trim().min(1, "validation.required").max(NAME_MAX, "validation.invalid").regex(SINGLE_LINE_TEXT, "validation.invalid"),
  email: z
    .union([z.literal(""), z.null(), z.email("validation.invalid").max(254, "validation.invalid")])
    .optional()
    .transform((v) => (v ? v.trim().toLowerCase() : null)),
});

export type ProfileBody = z.infer<typeof profileBody>;

/** Shapes only: each value is checked against its definition by the platform (custom-field-values). */
export const customFieldsBody = z.object({
  customFields: z.record(z.string().min(1).max(100), z.string().max(2000).nullable()).refine((v) => Object.keys(v).length <= 100, "Too many fields"),
});

/**
 * The message key for a custom field's value, or null when it is fine. The platform's own checks
 * (custom-field-values) run in the form too; required is the form's usual message (spec §5), the
 * others the platform's codes. Uploads are required "manually": an empty document or image field
 * is caught here like any other.
 */
export function customFieldError(rule: FieldRule, raw: string | undefined): string | null {
  const code = checkFieldValue(rule, normalizeFieldValue(rule, raw));
  if (!code) return null;
  return code === "SP:CustomFieldValueIsRequired" ? "validation.required" : `errors.${errorMessageKey(code)}`;
}

/** The account settings form: name, email and the tenant's custom fields, from their definitions. */
export function accountFormSchema(definitions: readonly FieldRule[]) {
  return z
    .object({
      name: profileBody.shape.name,
      email: z.string().trim().max(254, "validation.invalid").refine((v) => v === "" || z.email().safeParse(v).success, "validation.invalid"),
      customFields: z.record(z.string(), z.string()),
    })
    .superRefine((form, ctx) => {
      for (const def of definitions) {
        const message = customFieldError(def, form.customFields[def.name]);
        if (message) ctx.addIssue({ code: "custom", path: ["customFields", def.name], message });
      }
    });
}

export type AccountForm = z.infer<ReturnType<typeof accountFormSchema>>;
