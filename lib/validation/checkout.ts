import { z } from "zod";
import type { BankReceiptCheckoutInput } from "@/contract/input/checkout";
import { CustomerName } from "@/contract/input/customers";
import { customFieldError } from "./account";
import type { FieldRule } from "@/rules/custom-field-values";
import { phoneFormMobile, phoneFormSchema } from "./sign-in";
import { MULTI_LINE_TEXT } from "@/rules/text";
import { fullName } from "./names";

/**
 * The checkout's forms (spec §5), in the sheet (react-hook-form). Messages are message keys:
 * validation.required / validation.invalid, the custom-field codes' messages and
 * checkout.termsAndConditionsError. The bodies the BFF takes are the contract's.
 */

export const BOOKING_NOTES_MAX = 1000;

/**
 * The order's customer and notes as the payment step sends them (submit, bank receipt, online
 * payments): the contract's own body (BankReceiptCheckoutInput). The platform normalises the
 * mobile number (SP:InvalidMobileNumber when it is not one).
 */
export type CheckoutDetailsInput = z.input<typeof BankReceiptCheckoutInput>;

export type CheckoutFormOptions = {
  /** separateFirstAndLastName: first and last name fields instead of one name. */
  separateNames: boolean;
  /** Terms are enabled and the z/terms-and-conditions page exists. */
  termsRequired: boolean;
  definitions: readonly FieldRule[];
};

const nameField = CustomerName;

/** The customer-info form: name (or first and last), mobile, custom fields, notes, terms. */
export function checkoutFormSchema({ separateNames, termsRequired, definitions }: CheckoutFormOptions) {
  return z
    .object({
      name: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      mobile: phoneFormSchema,
      customFields: z.record(z.string(), z.string()),
      bookingNotes: z
        .string()
        .max(BOOKING_NOTES_MAX, "validation.invalid")
        .regex(MULTI_LINE_TEXT, "validation.invalid"),
      termsAccepted: z.boolean(),
    })
    .superRefine((form, ctx) => {
      const names = separateNames ? (["firstName", "lastName"] as const) : (["name"] as const);
      for (const key of names) {
        const parsed = nameField.safeParse(form[key]);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: [key], message: parsed.error.issues[0].message });
      }
      if (separateNames && !nameField.safeParse(fullName(form, true)).success)
        ctx.addIssue({ code: "custom", path: ["lastName"], message: "validation.invalid" });
      for (const def of definitions) {
        const message = customFieldError(def, form.customFields[def.name]);
        if (message) ctx.addIssue({ code: "custom", path: ["customFields", def.name], message });
      }
      if (termsRequired && !form.termsAccepted)
        ctx.addIssue({ code: "custom", path: ["termsAccepted"], message: "checkout.termsAndConditionsError" });
    });
}

export type CheckoutForm = z.infer<ReturnType<typeof checkoutFormSchema>>;

export { fullName, splitName } from "./names";

/** What the payment step sends with the order, from a form that passed its schema. */
export function checkoutDetails(form: CheckoutForm, separateNames: boolean): CheckoutDetailsInput {
  return {
    customer: { name: fullName(form, separateNames), mobileNumber: phoneFormMobile(form.mobile) ?? "" },
    bookingNotes: form.bookingNotes.trim() || null,
    termsAccepted: form.termsAccepted,
  };
}

/**
 * The order's number is the one the customer proved they hold: a number other than the one they
 * signed in with is confirmed by a code sent to it before the order can use it.
 */
export function mobileNeedsConfirming(
  form: Pick<CheckoutForm, "mobile">,
  signedInMobile: string | null | undefined,
): boolean {
  const mobile = phoneFormMobile(form.mobile);
  return mobile !== null && mobile !== signedInMobile;
}
