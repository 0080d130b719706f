import { describe, expect, it } from "vitest";
import { isBelowCartMinimum } from "@/lib/checkout/cart-minimum";
import { BankReceiptCheckoutInput } from "@/contract/input/checkout";
import { normalizeMobile } from "@/rules/phone";
import { checkoutDetails, checkoutFormSchema, fullName, splitName, type CheckoutForm } from "@/lib/validation/checkout";
import { accountFormSchema, type AccountForm } from "@/lib/validation/account";
import type { FieldRule } from "@/rules/custom-field-values";

// Spec §5: the customer step's rules, with the spec's message keys.

const DEFINITIONS: FieldRule[] = [
  { name: "national_id", type: "text", isRequired: true },
  { name: "age", type: "number", isRequired: false },
  { name: "birth_date", type: "date", isRequired: false },
  { name: "therapist", type: "select", isRequired: false, options: [{ value: "noura" }] },
  { name: "id_document", type: "document", isRequired: true },
];

const filled: CheckoutForm = {
  name: "  Sara  ",
  firstName: "",
  lastName: "",
  mobile: { country: "SA", number: "0500000001" },
  customFields: { national_id: "1023456789", age: "", birth_date: "", therapist: "", id_document: "a.pdf" },
  bookingNotes: "",
  termsAccepted: true,
};

function issues(form: CheckoutForm, opts: { separateNames?: boolean; termsRequired?: boolean } = {}) {
  const schema = checkoutFormSchema({
    separateNames: opts.separateNames ?? false,
    termsRequired: opts.termsRequired ?? true,
    definitions: DEFINITIONS,
  });
  const parsed = schema.safeParse(form);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("checkout customer form", () => {
  it("accepts a complete form and sends the trimmed name and the E.164 number", () => {
    expect(issues(filled)).toEqual({});
    expect(checkoutDetails(filled, false)).toEqual({
      customer: { name: "Sara", mobileNumber: "+966500000001" },
      bookingNotes: null,
      termsAccepted: true,
    });
  });

  it.each([
    ["name of spaces", { name: "   " }, { name: "validation.required" }],
    ["no mobile", { mobile: { country: "SA" as const, number: "" } }, { "mobile.number": "validation.required" }],
    [
      "a landline",
      { mobile: { country: "SA" as const, number: "0112345678" } },
      { "mobile.number": "validation.invalid" },
    ],
    ["terms not accepted", { termsAccepted: false }, { termsAccepted: "checkout.termsAndConditionsError" }],
  ] as [string, Partial<CheckoutForm>, Record<string, string>][])("refuses %s", (_name, change, expected) => {
    expect(issues({ ...filled, ...change })).toEqual(expected);
  });

  it("asks for terms only when they are required", () => {
    expect(issues({ ...filled, termsAccepted: false }, { termsRequired: false })).toEqual({});
  });

  it.each([
    ["a required text field empty", { national_id: "" }, { "customFields.national_id": "validation.required" }],
    ["a required document missing", { id_document: "" }, { "customFields.id_document": "validation.required" }],
    ["a number that is not one", { age: "ten" }, { "customFields.age": "errors.SP_ValueMustBeNumber" }],
    [
      "a date that is not one",
      { birth_date: "31/12/2000" },
      { "customFields.birth_date": "errors.SP_ValueMustBeDate" },
    ],
    ["an option not offered", { therapist: "huda" }, { "customFields.therapist": "errors.SP_OptionIsNotValid" }],
  ] as [string, Record<string, string>, Record<string, string>][])(
    "checks custom fields from their definitions: %s",
    (_name, fields, expected) => {
      expect(issues({ ...filled, customFields: { ...filled.customFields, ...fields } })).toEqual(expected);
    },
  );

  it("takes first and last name when they are separate, joined by one space", () => {
    const separate = { ...filled, name: "", firstName: " Khalid ", lastName: " Al-Otaibi " };
    expect(issues(separate, { separateNames: true })).toEqual({});
    expect(checkoutDetails(separate, true).customer.name).toBe("Khalid Al-Otaibi");
    expect(issues({ ...separate, lastName: " " }, { separateNames: true })).toEqual({
      lastName: "validation.required",
    });
    expect(issues({ ...separate, firstName: "" }, { separateNames: true })).toEqual({
      firstName: "validation.required",
    });
  });

  it("splits a stored name for the first and last name fields", () => {
    expect(splitName("Sara Al-Qahtani")).toEqual({ firstName: "Sara", lastName: "Al-Qahtani" });
    expect(splitName("  Noura  bint  Saad ")).toEqual({ firstName: "Noura", lastName: "bint Saad" });
    expect(splitName("")).toEqual({ firstName: "", lastName: "" });
  });
});

describe("order details the payment step sends (the contract's body, which the BFF takes as it is)", () => {
  it("trims the name, empties blank notes, refuses long notes; the platform normalises the number, Arabic-Indic digits too", () => {
    expect(
      BankReceiptCheckoutInput.parse({ customer: { name: " Sara ", mobileNumber: "٠٥٠٠٠٠٠٠٠١" }, bookingNotes: "  " }),
    ).toEqual({ customer: { name: "Sara", mobileNumber: "٠٥٠٠٠٠٠٠٠١" }, bookingNotes: null });
    expect(normalizeMobile("٠٥٠٠٠٠٠٠٠١")).toBe("+966500000001");
    expect(BankReceiptCheckoutInput.safeParse({ customer: { name: "Sara", mobileNumber: "" } }).success).toBe(false);
    const long = BankReceiptCheckoutInput.safeParse({
      customer: { name: "Sara", mobileNumber: "0500000001" },
      bookingNotes: "x".repeat(1001),
    });
    expect(long.error?.issues[0].message).toBe("validation.invalid");
  });
});

describe("cart minimum (spec §5)", () => {
  it.each([
    [50, 74.75, false, false],
    [50, 40, false, true],
    [50, 40, true, false],
    [null, 0, false, false],
    [50, 50, false, false],
  ] as [number | null, number, boolean, boolean][])(
    "minimum %s, total %s, package discount %s ⇒ below %s",
    (minimum, total, hasPackageDiscounts, below) => {
      expect(
        isBelowCartMinimum(
          { cartMinimumAmount: minimum, taxRate: 1.15 },
          { totalAmount: total, hasPackageDiscounts, fees: [] },
        ),
      ).toBe(below);
    },
  );

  it("counts the goods only: a delivery fee with its VAT does not lift a cart over the minimum", () => {
    // 40 of goods with VAT and a 15 fee (17.25 with VAT): 57.25 in all, still below 50 of goods.
    const cart = { totalAmount: 57.25, hasPackageDiscounts: false, fees: [{ name: "Delivery fee", amount: 15 }] };
    expect(isBelowCartMinimum({ cartMinimumAmount: 50, taxRate: 1.15 }, cart)).toBe(true);
    expect(isBelowCartMinimum({ cartMinimumAmount: 40, taxRate: 1.15 }, cart)).toBe(false);
  });
});

describe("account settings with first and last name (separateFirstAndLastName)", () => {
  const parse = (values: Partial<AccountForm>, separate: boolean) =>
    accountFormSchema([], separate).safeParse({
      name: "",
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      customFields: {},
      ...values,
    });

  it("asks for first and last name when the store separates them, one name otherwise", () => {
    expect(parse({ firstName: "Reem", lastName: "Al-Otaibi" }, true).success).toBe(true);
    const missing = parse({ firstName: "Reem", name: "Reem Al-Otaibi" }, true);
    expect(missing.success ? [] : missing.error.issues.map((i) => i.path.join("."))).toEqual(["lastName"]);
    expect(parse({ name: "Reem Al-Otaibi" }, false).success).toBe(true);
    expect(parse({ firstName: "Reem", lastName: "Al-Otaibi" }, false).success).toBe(false);
  });

  it("shows a stored name split at its first space and saves the two joined", () => {
    expect(splitName("  Reem  Al Otaibi ")).toEqual({ firstName: "Reem", lastName: "Al Otaibi" });
    expect(fullName({ name: "", firstName: " Reem ", lastName: "Al Otaibi " }, true)).toBe("Reem Al Otaibi");
  });
});
