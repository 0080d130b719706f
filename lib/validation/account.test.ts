import { describe, expect, it } from "vitest";
import { UpdateProfileInput as profileBody } from "@/contract/input/customers";
import { accountFormSchema, customFieldError } from "./account";
import type { FieldRule } from "@/rules/custom-field-values";

const fields: FieldRule[] = [
  { name: "national_id", type: "text", isRequired: true },
  { name: "age", type: "number", isRequired: false },
  { name: "birthday", type: "date", isRequired: false },
  { name: "therapist", type: "select", isRequired: false, options: [{ value: "noura" }, { value: "huda" }] },
  { name: "id_document", type: "document", isRequired: true },
  { name: "photo", type: "image", isRequired: false },
];
const rule = (name: string) => fields.find((f) => f.name === name)!;

describe("custom field messages (spec §5)", () => {
  it("marks a required field, uploads included, with validation.required", () => {
    expect(customFieldError(rule("national_id"), "  ")).toBe("validation.required");
    expect(customFieldError(rule("id_document"), "")).toBe("validation.required");
    expect(customFieldError(rule("photo"), "")).toBeNull();
  });

  it("uses the platform's codes for numbers, dates and options", () => {
    expect(customFieldError(rule("age"), "abc")).toBe("errors.SP_ValueMustBeNumber");
    expect(customFieldError(rule("age"), "٣٢")).toBeNull();
    expect(customFieldError(rule("birthday"), "2026-02-30")).toBe("errors.SP_ValueMustBeDate");
    expect(customFieldError(rule("birthday"), "1994-05-12")).toBeNull();
    expect(customFieldError(rule("therapist"), "someone")).toBe("errors.SP_OptionIsNotValid");
    expect(customFieldError(rule("therapist"), "huda")).toBeNull();
  });
});

describe("account settings form", () => {
  const schema = accountFormSchema(fields);
  const valid = {
    name: "Sara",
    email: "",
    phone: "",
    customFields: { national_id: "1023456789", id_document: "a.pdf" },
  };

  it("accepts a complete form, with no email and no other phone number", () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, phone: "011 234 5678" }).success).toBe(true);
  });

  it("puts each problem on its field", () => {
    const parsed = schema.safeParse({ name: " ", email: "nope", phone: "12", customFields: { age: "x" } });
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({
      name: "validation.required",
      email: "validation.invalid",
      phone: "validation.invalid",
      "customFields.national_id": "validation.required",
      "customFields.age": "errors.SP_ValueMustBeNumber",
      "customFields.id_document": "validation.required",
    });
  });

  it("sends a trimmed name and a lower-case email, or null for none", () => {
    expect(profileBody.parse({ name: "  Sara  ", email: "Sara@Example.com" })).toEqual({
      name: "Sara",
      email: "sara@example.com",
    });
    expect(profileBody.parse({ name: "Sara", email: "" })).toEqual({ name: "Sara", email: null });
    expect(profileBody.safeParse({ name: "Sa\u0000ra" }).success).toBe(false);
  });
});
