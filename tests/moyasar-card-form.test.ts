import { describe, expect, it } from "vitest";
import { cardSchema, cardYears, formatCardNumber, passesLuhn } from "@/payment-providers/moyasar/browser/card-form";

const NOW = new Date(2026, 4, 15); // May 2026
const schema = cardSchema(NOW);
const good = { name: "Sara Alqahtani", number: "4111 1111 1111 1111", month: "12", year: "2027", cvc: "123" };
const issue = (values: Partial<typeof good>) => {
  const r = schema.safeParse({ ...good, ...values });
  return r.success ? null : { path: r.error.issues[0].path.join("."), message: r.error.issues[0].message };
};

describe("card form (spec §5)", () => {
  it("accepts a valid card and sends the number as digits, the name with single spaces", () => {
    expect(schema.parse({ ...good, name: "  Sara   Alqahtani " })).toEqual({
      name: "Sara Alqahtani",
      number: "4111111111111111",
      month: "12",
      year: "2027",
      cvc: "123",
    });
    // The sandbox's test cards all pass, mada and Mastercard included.
    for (const number of ["4201320111111010", "5105105105105100", "4000000000000002", "4000000000000069"])
      expect(issue({ number }), number).toBeNull();
  });

  it("reads Arabic-Indic digits as digits", () => {
    expect(schema.parse({ ...good, number: "٤١١١ ١١١١ ١١١١ ١١١١", cvc: "١٢٣" })).toMatchObject({
      number: "4111111111111111",
      cvc: "123",
    });
  });

  it("checks the number: required, digits only, the network's length, Luhn", () => {
    expect(issue({ number: "" })).toEqual({ path: "number", message: "validation.required" });
    expect(issue({ number: "4111 1111 1111 111x" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "41111111111111111" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "4111111111111112" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "0000" })).toEqual({ path: "number", message: "validation.cardNumber" });
  });

  it("takes each network's lengths as Moyasar's form does: Visa 13 or 16, Mastercard 16 (2-series too), Amex 15, UnionPay up to 19", () => {
    // Luhn-valid numbers of each shape.
    for (const number of [
      "4222222222222",
      "2223000048400011",
      "2720990000000007",
      "378282246310005",
      "6212345678901265",
      "6250941006528599",
      "6200000000000000000",
    ]) {
      expect(issue({ number, cvc: number.startsWith("37") ? "1234" : "123" }), number).toBeNull();
    }
    // A Luhn-valid 12-digit number is no network's card; a 15-digit Visa is not a Visa.
    expect(issue({ number: "411111111117" })).toEqual({ path: "number", message: "validation.cardNumber" });
    expect(issue({ number: "411111111111116" })).toEqual({ path: "number", message: "validation.cardNumber" });
    // A mada BIN (6 or 8 digits) takes 16 digits only.
    expect(issue({ number: "4406470000000007" })).toBeNull();
    expect(issue({ number: "4054540000000002" }), "40545400 is an 8-digit mada BIN").toBeNull();
  });

  it("refuses a network the store does not take (its MADA and VISA settings)", () => {
    const madaOnly = cardSchema(NOW, ["mada"]);
    expect(madaOnly.safeParse({ ...good, number: "4201320111111010" }).success).toBe(true);
    expect(madaOnly.safeParse(good).error?.issues[0]).toMatchObject({
      path: ["number"],
      message: "validation.cardType",
    });
    const creditOnly = cardSchema(NOW, ["visa", "mastercard", "amex", "unionpay"]);
    expect(creditOnly.safeParse({ ...good, number: "4201320111111010" }).error?.issues[0]).toMatchObject({
      path: ["number"],
      message: "validation.cardType",
    });
    expect(creditOnly.safeParse(good).success).toBe(true);
  });

  it("needs a first and a last name in English letters (hyphens allowed), as Moyasar's form does", () => {
    expect(issue({ name: "" })).toEqual({ path: "name", message: "validation.required" });
    expect(issue({ name: "Sara" })).toEqual({ path: "name", message: "validation.nameOnCard" });
    expect(issue({ name: "Sara 4lqahtani" })).toEqual({ path: "name", message: "checkout.card.name" });
    expect(issue({ name: "Sara Al-Qahtani" })).toBeNull();
    expect(issue({ name: "SARA BINT-ALI AL-QAHTANI" })).toBeNull();
    expect(issue({ name: "سارة القحطاني" })).toEqual({ path: "name", message: "checkout.card.name" });
  });

  it("offers this year and the next nine, months 01 to 12, and refuses a month already past", () => {
    expect(cardYears(NOW)).toEqual(["2026", "2027", "2028", "2029", "2030", "2031", "2032", "2033", "2034", "2035"]);
    expect(issue({ month: "" })).toEqual({ path: "month", message: "validation.required" });
    expect(issue({ year: "" })).toEqual({ path: "year", message: "validation.required" });
    expect(issue({ month: "13" })).toEqual({ path: "month", message: "validation.invalid" });
    expect(issue({ year: "2025" })).toEqual({ path: "year", message: "validation.invalid" });
    expect(issue({ year: "2036" })).toEqual({ path: "year", message: "validation.invalid" });
    // A month already past: the card has expired, said as such.
    expect(issue({ month: "04", year: "2026" })).toEqual({ path: "month", message: "validation.cardExpired" });
    expect(issue({ month: "05", year: "2026" })).toBeNull();
  });

  it("takes a security code of 3 digits, 4 on American Express", () => {
    expect(issue({ cvc: "" })).toEqual({ path: "cvc", message: "validation.required" });
    expect(issue({ cvc: "12" })).toEqual({ path: "cvc", message: "validation.cvc" });
    expect(issue({ cvc: "1234" })).toEqual({ path: "cvc", message: "validation.cvc" });
    expect(issue({ cvc: "12a" })).toEqual({ path: "cvc", message: "validation.invalid" });
    expect(issue({ cvc: "1".repeat(51) })).toEqual({ path: "cvc", message: "validation.cvc" });
    expect(issue({ number: "378282246310005", cvc: "123" })).toEqual({ path: "cvc", message: "validation.cvc" });
    expect(issue({ number: "378282246310005", cvc: "1234" })).toBeNull();
  });

  it("formats the number in groups of four as it is typed", () => {
    expect(formatCardNumber("41111111")).toBe("4111 1111");
    expect(formatCardNumber("4111-1111 1111 11119999")).toBe("4111 1111 1111 1111 999");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(passesLuhn("79927398713")).toBe(true);
    expect(passesLuhn("79927398710")).toBe(false);
  });
});
