import { z } from "zod";

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "select", "document", "image"] as const;
export const CustomFieldType = z.enum(CUSTOM_FIELD_TYPES);
export type CustomFieldType = z.infer<typeof CustomFieldType>;

/** GET identity-customer/me and every profile update. */
export const CustomerDto = z.object({
  id: z.string(),
  name: z.string(),
  /** E.164, e.g. "+966500000001". */
  mobileNumber: z.string(),
  email: z.string().nullable(),
  /** Spec §3: another number to reach them (E.164), or null. */
  phone_number: z.string().nullable(),
  /** Field name → value; document/image values are upload names (see UploadDto). */
  customFields: z.record(z.string(), z.string()),
  /** Name set and every required custom field filled. */
  isProfileComplete: z.boolean(),
  /** Whether the store reminds them before their bookings (their profile's switch; on unless turned off). */
  bookingReminders: z.boolean(),
});
export type CustomerDto = z.infer<typeof CustomerDto>;

/** GET customer/checkout-custom-fields (labels in the request's language). */
export const CustomFieldDefinitionDto = z.object({
  name: z.string(),
  label: z.string(),
  type: CustomFieldType,
  /** Select fields only. */
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  isRequired: z.boolean(),
});
export type CustomFieldDefinitionDto = z.infer<typeof CustomFieldDefinitionDto>;

/** POST customer/uploads answer; `name` is server-made (`<uuid>.<ext>`) and is the custom field's value. */
export const UploadDto = z.object({ name: z.string(), contentType: z.string(), size: z.number() });
export type UploadDto = z.infer<typeof UploadDto>;
export type UploadPurpose = "custom-field";
