import { z } from "zod";
import { singleLine } from "@/rules/text";

/**
 * Request bodies of the customer's account endpoints (spec §5, §7), shared by the platform, the
 * storefront's BFF and its forms (refusals say message keys). Field values are shapes only here; what a value means for its definition
 * (number, date, option, upload) is checked by custom-field-values with the spec's codes.
 */

/** Spec §5: spaces removed (trimmed), at least 1 character; no control characters or lone surrogates. */
export const CustomerName = singleLine(100).min(1, "validation.required");

/** Optional: "" and null both mean no email; an address is kept in lower case. */
export const CustomerEmail = z
  .union([z.literal(""), z.null(), z.email("validation.invalid").max(254, "validation.invalid")])
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null));

const fieldName = z.string().min(1).max(100);
const fieldValue = z.union([z.string().max(2000), z.number(), z.null()]);

/** Field name → value; a number is taken as its text, null or "" clears the field. */
export const CustomFieldValuesInput = z
  .record(fieldName, fieldValue)
  .refine((m) => Object.keys(m).length <= 100, "validation.invalid");

/**
 * Spec §3's phone_number as sent: "" or null clears it; left out, it stays. Whether it is a phone
 * number is the platform's decision (it keeps E.164): the full numbering plan is too heavy for a page.
 */
export const CustomerPhoneNumber = z.union([z.string().trim().max(40, "validation.invalid"), z.null()]).optional();

export const UpdateProfileInput = z.object({
  name: CustomerName,
  email: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), CustomerEmail),
  phone_number: CustomerPhoneNumber,
});
export type UpdateProfileInput = z.output<typeof UpdateProfileInput>;

export const SaveCustomerInput = UpdateProfileInput.extend({
  mobileNumber: z.string().trim().min(1).max(40),
  customFields: CustomFieldValuesInput.optional(),
});
export type SaveCustomerInput = z.output<typeof SaveCustomerInput>;

/** The profile's reminders switch: the state wanted, never a toggle, so that the last of two taps or tabs wins. */
export const UpdateRemindersInput = z.object({ bookingReminders: z.boolean() });
export type UpdateRemindersInput = z.output<typeof UpdateRemindersInput>;

export const UpdateCustomFieldsInput = z.object({ customFields: CustomFieldValuesInput });
export type UpdateCustomFieldsInput = z.output<typeof UpdateCustomFieldsInput>;

export const PresetValueInput = z.object({ values: CustomFieldValuesInput, isDefault: z.boolean().optional() });
export type PresetValueInput = z.output<typeof PresetValueInput>;
