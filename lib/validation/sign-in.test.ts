import { describe, expect, it } from "vitest";
import { VerifyOtpBody as verifyOtpBody } from "@/contract/store/sign-in";
import { normalizeOtpCode, toLatinDigits } from "@/rules/digits";
import { phoneFormMobile, phoneFormSchema } from "./sign-in";

const issues = (input: unknown) => {
  const parsed = phoneFormSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("phone form (spec §5)", () => {
  it("requires a number, with the validation.required key", () => {
    expect(issues({ country: "SA", number: "" })).toEqual(["number:validation.required"]);
    expect(issues({ country: "SA", number: "   " })).toEqual(["number:validation.required"]);
  });

  it("refuses what is not a mobile number of the chosen country, with validation.invalid", () => {
    expect(issues({ country: "SA", number: "12345" })).toEqual(["number:validation.invalid"]);
    expect(issues({ country: "SA", number: "0112345678" })).toEqual(["number:validation.invalid"]);
    expect(issues({ country: "SA", number: "abc" })).toEqual(["number:validation.invalid"]);
    expect(issues({ country: "SA", number: "5".repeat(41) })).toContain("number:validation.invalid");
  });

  it("offers only the picker's countries", () => {
    expect(issues({ country: "US", number: "2025550123" })[0]).toMatch(/^country:/);
  });

  it("accepts national, international and Arabic-Indic forms and gives E.164", () => {
    for (const number of ["0500000001", "500000001", "+966500000001", "٠٥٠٠٠٠٠٠٠١", "050 000 0001"]) {
      const form = phoneFormSchema.parse({ country: "SA", number });
      expect(phoneFormMobile(form)).toBe("+966500000001");
    }
    expect(phoneFormMobile(phoneFormSchema.parse({ country: "AE", number: "501234567" }))).toBe("+971501234567");
    expect(phoneFormMobile(phoneFormSchema.parse({ country: "KW", number: "55123456" }))).toBe("+96555123456");
  });
});

describe("code input digits", () => {
  it("turns Arabic-Indic and Persian digits into Latin ones", () => {
    expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toLatinDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(toLatinDigits("a١b")).toBe("a1b");
  });

  it("keeps only digits, at most six, from whatever was typed, pasted or autofilled", () => {
    expect(normalizeOtpCode("123456")).toBe("123456");
    expect(normalizeOtpCode("١٢٣ ٤٥٦")).toBe("123456");
    expect(normalizeOtpCode("Your code: 654321")).toBe("654321");
    expect(normalizeOtpCode("12-34-56-78")).toBe("123456");
    expect(normalizeOtpCode("12")).toBe("12");
    expect(normalizeOtpCode("abc")).toBe("");
  });

  it("lets the BFF take the code as typed, and refuses anything but six digits", () => {
    expect(verifyOtpBody.parse({ token: "t", code: "١٢٣٤٥٦" })).toEqual({ token: "t", code: "123456" });
    expect(verifyOtpBody.safeParse({ token: "t", code: "12345" }).success).toBe(false);
    expect(verifyOtpBody.safeParse({ token: "", code: "123456" }).success).toBe(false);
  });
});
