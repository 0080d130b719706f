import { describe, expect, it } from "vitest";
import { cardSchema, cardYears, formatCardNumber, passesLuhn } from "./card";

const NOW = new Date(2026, 4, 15); // May 2026
const schema = cardSchema(NOW);
const good = { name: "Sara Alqahtani", number: "4111 1111 1111 1111", month: "12", year: "2027", cvc: "123" };
const issue = (values: Partial<typeof good>) => {
  const r = schema.safeParse({ ...good, ...values });
  return r.success ? null : { path: r.error.issues[0].path.join("."), message: r.error.issues[0].message };
};

describe("card form (spec §5)", () => {
  it("accepts a valid card and sends the number as digits, the name with single spaces", () => {
    expect(schema.parse({ ...good, name: "  Sara   Alqahtani " })).toEqual({ name: "Sara Alqahtani", number: "4111111111111111", month: "12", year: "2027", cvc: "123" });
    // The sandbox's test cards all pass, mada and Mastercard included.
    for (const number of ["4201320111111010", "5105105105105100", "4000000000000002", "4000000000000069"]) expect(issue({ number }), number).toBeNull();
  });

  it("reads Arabic-Indic digits as digits", () => {
    expect(schema.parse({ ...good, number: "٤١١١ ١١١١ ١١١١ ١١١١", cvc: "١٢٣" })).toMatchObject({ number: "4111111111111111", cvc: "123" });
  });

  it("checks the number: required, digits only, at most 16, Luhn", () => {
    expect(issue({ number: "" })).toEqual({ path: "number", message: "validation.required" });
    expect(issue({ number: "4111 1111 1111 111x" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "41111111111111111" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "4111111111111112" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "0000" })).toEqual({ path: "number", message: "validation.cardNumber" });
  });

  it("needs two words of letters on the card", () => {
    expect(issue({ name: "" })).toEqual({ path: "name", message: "validation.required" });
    expect(issue({ name: "Sara" })).toEqual({ path: "name", message: "validation.nameOnCard" });
    expect(issue({ name: "Sara 4lqahtani" })).toEqual({ path: "name", message: "checkout.card.name" });
    expect(issue({ name: "Sara-Al Qahtani" })).toEqual({ path: "name", message: "checkout.card.name" });
    expect(issue({ name: "سارة القحطاني" })).toBeNull();
  });

  it("offers this year and the next nine, months 01 to 12, and refuses a month already past", () => {
    expect(cardYears(NOW)).toEqual(["2026", "2027", "2028", "2029", "2030", "2031", "2032", "2033", "2034", "2035"]);
    expect(issue({ month: "" })).toEqual({ path: "month", message: "validation.required" });
    expect(issue({ year: "" })).toEqual({ path: "year", message: "validation.required" });
    expect(issue({ month: "13" })).toEqual({ path: "month", message: "validation.invalid" });
    expect(issue({ year: "2025" })).toEqual({ path: "year", message: "validation.invalid" });
    expect(issue({ year: "2036" })).toEqual({ path: "year", message: "validation.invalid" });
    expect(issue({ month: "04", year: "2026" })).toEqual({ path: "month", message: "validation.invalid" });
    expect(issue({ month: "05", year: "2026" })).toBeNull();
  });

  it("takes a CVC of 2 to 50 digits", () => {
    expect(issue({ cvc: "" })).toEqual({ path: "cvc", message: "validation.required" });
    expect(issue({ cvc: "1" })).toEqual({ path: "cvc", message: "validation.invalid" });
    expect(issue({ cvc: "12a" })).toEqual({ path: "cvc", message: "validation.invalid" });
    expect(issue({ cvc: "1".repeat(51) })).toEqual({ path: "cvc", message: "validation.invalid" });
    expect(issue({ cvc: "12" })).toBeNull();
  });

  it("formats the number in groups of four as it is typed", () => {
    expect(formatCardNumber("41111111")).toBe("4111 1111");
    expect(formatCardNumber("4111-1111 1111 11119999")).toBe("4111 1111 1111 1111");
    expect(passesLuhn("79927398713")).toBe(true);
    expect(passesLuhn("79927398710")).toBe(false);
  });
});
