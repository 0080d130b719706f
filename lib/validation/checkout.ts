import { z } from "zod";
import { normalizeMobile } from "@/contract/phone";
import { ExpectedTotal, UtmInput } from "@/contract/input/checkout";
import { customFieldError, customFieldsBody, profileBody } from "./account";
import type { FieldRule } from "@/contract/custom-field-values";
import { phoneFormMobile, phoneFormSchema, toLatinDigits } from "./sign-in";
import { MULTI_LINE_TEXT } from "@/contract/text";

/**
 * The checkout's forms and bodies (spec §5), shared by the sheet (react-hook-form) and the
 * checkout BFF. Messages are message keys: validation.required / validation.invalid, the
 * custom-field codes' messages and checkout.termsAndConditionsError.
 */

export const BOOKING_NOTES_MAX = 1000;


/** The order's customer and notes, as the payment step sends them (submit, bank receipt). */
export const checkoutDetailsInput = z.object({
  customer: z.object({
    name: profileBody.shape.name,
    mobileNumber: z
      .string()
      .max(40, "validation.invalid")
      .transform((v, ctx) => {
        const e164 = normalizeMobile(toLatinDigits(v));
        if (!e164) ctx.addIssue({ code: "custom", message: v.trim() ? "validation.invalid" : "validation.required" });
        return e164 ?? "";
      }),
  }),
  bookingNotes: z
    .string()
    .trim()
    .max(BOOKING_NOTES_MAX, "validation.invalid")
    .regex(MULTI_LINE_TEXT, "validation.invalid")
    .nullish()
    .transform((v) => v || null),
  termsAccepted: z.boolean().optional(),
  /** The landing's campaign (issue 6), passed on to the platform. */
  utm: UtmInput.nullish(),
  /**
   * The total (halalas) the sheet showed the shopper (the cart's totalAmount), sent with cash and
   * bank-transfer orders: the platform refuses a completion at any other (SP:CartTotalChanged).
   */
  expectedTotal: ExpectedTotal.optional(),
});
export type CheckoutDetailsInput = z.output<typeof checkoutDetailsInput>;

/**
 * POST /api/checkout/customer: the customer's name and custom fields, saved on their record. The
 * mobile number of the record is the one they signed in with (the order's contact number may differ).
 */
export const checkoutCustomerBody = z.object({ name: profileBody.shape.name, customFields: customFieldsBody.shape.customFields });

/** POST /api/checkout/presets/values and PUT …/values/{id}: a preset's field values (checked by the platform against its fields). */
export const presetValueBody = z.object({ values: customFieldsBody.shape.customFields, isDefault: z.boolean().optional() });

export type CheckoutFormOptions = {
  /** separateFirstAndLastName: first and last name fields instead of one name. */
  separateNames: boolean;
  /** Terms are enabled and the z/terms-and-conditions page exists. */
  termsRequired: boolean;
  definitions: readonly FieldRule[];
};

const nameField = profileBody.shape.name;

/** The customer-info form: name (or first and last), mobile, custom fields, notes, terms. */
export function checkoutFormSchema({ separateNames, termsRequired, definitions }: CheckoutFormOptions) {
  return z
    .object({
      name: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      mobile: phoneFormSchema,
      customFields: z.record(z.string(), z.string()),
      bookingNotes: z.string().max(BOOKING_NOTES_MAX, "validation.invalid").regex(MULTI_LINE_TEXT, "validation.invalid"),
      termsAccepted: z.boolean(),
    })
    .superRefine((form, ctx) => {
      const names = separateNames ? (["firstName", "lastName"] as const) : (["name"] as const);
      for (const key of names) {
        const parsed = nameField.safeParse(form[key]);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: [key], message: parsed.error.issues[0].message });
      }
      if (separateNames && !nameField.safeParse(fullName(form, true)).success) ctx.addIssue({ code: "custom", path: ["lastName"], message: "validation.invalid" });
      for (const def of definitions) {
        const message = customFieldError(def, form.customFields[def.name]);
        if (message) ctx.addIssue({ code: "custom", path: ["customFields", def.name], message });
      }
      if (termsRequired && !form.termsAccepted) ctx.addIssue({ code: "custom", path: ["termsAccepted"], message: "checkout.termsAndConditionsError" });
    });
}

export type CheckoutForm = z.infer<ReturnType<typeof checkoutFormSchema>>;

/** Spec §5: trimmed name, or first + " " + last. */
export function fullName(form: Pick<CheckoutForm, "name" | "firstName" | "lastName">, separateNames: boolean): string {
  return separateNames ? `${form.firstName.trim()} ${form.lastName.trim()}` : form.name.trim();
}

/** Splits a stored full name for the first/last fields: the first word, then the rest. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

/** What the payment step sends with the order, from a form that passed its schema. */
export function checkoutDetails(form: CheckoutForm, separateNames: boolean): CheckoutDetailsInput {
  return {
    customer: { name: fullName(form, separateNames), mobileNumber: phoneFormMobile(form.mobile) ?? "" },
    bookingNotes: form.bookingNotes.trim() || null,
    termsAccepted: form.termsAccepted,
  };
}
