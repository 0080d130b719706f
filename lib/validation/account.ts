import { z } from "zod";
import { errorMessageKey } from "@/lib/errors";
import { checkFieldValue, normalizeFieldValue, type FieldRule } from "@/rules/custom-field-values";
import { UpdateProfileInput } from "@/contract/input/customers";

/**
 * The account settings form. Its bodies (PUT /api/session/profile and /custom-fields) are the
 * contract's own (UpdateProfileInput, UpdateCustomFieldsInput), whose refusals are message keys
 * (spec §5); the platform checks custom fields against their definitions again, with its SP: codes.
 */

/** A phone number's shape only (the numbering plan is the platform's): 6–15 digits, Latin or Arabic-Indic, with spaces, + - ( ). */
function looksLikePhone(v: string): boolean {
  const digits = v.match(/[\d\u0660-\u0669\u06F0-\u06F9]/g)?.length ?? 0;
  return /^[+\d\s\-()\u0660-\u0669\u06F0-\u06F9]+$/.test(v) && digits >= 6 && digits <= 15;
}

/** Spec §5: surrounding spaces removed, at least one character (the contract's customer name). */
const nameField = UpdateProfileInput.shape.name;

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

/** The account settings form: name, email, another phone number and the tenant's custom fields, from their definitions. */
export function accountFormSchema(definitions: readonly FieldRule[], separateNames = false) {
  return z
    .object({
      // With separateFirstAndLastName the form shows first and last name and joins them (as the checkout does).
      name: separateNames ? z.string().catch("") : nameField,
      firstName: separateNames ? nameField : z.string().catch(""),
      lastName: separateNames ? nameField : z.string().catch(""),
      email: z
        .string()
        .trim()
        .max(254, "validation.invalid")
        .refine((v) => v === "" || z.email().safeParse(v).success, "validation.invalid"),
      // Spec §3's phone_number: optional; digits (any script), spaces, + - ( ); the platform checks the number itself.
      phone: z
        .string()
        .trim()
        .max(40, "validation.invalid")
        .refine((v) => v === "" || looksLikePhone(v), "validation.invalid"),
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
