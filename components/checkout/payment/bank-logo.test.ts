import { describe, expect, it } from "vitest";
import en from "@/messages/en/order.json";
import ar from "@/messages/ar/order.json";
import { BANK_MARKS, bankCode } from "./bank-logo";

describe("bank logos by bank code (spec §9)", () => {
  it("knows the Saudi banks by their codes, as operators type them", () => {
    for (const code of ["alrajhi", "snb", "alinma", "riyad", "sab", "anb", "albilad", "aljazira"])
      expect(bankCode(code)).toBe(code);
    expect(bankCode("Al-Rajhi")).toBe("alrajhi");
    expect(bankCode("SABB")).toBe("sab");
    expect(bankCode("NCB")).toBe("snb");
    expect(bankCode("Bank AlJazira")).toBe("aljazira");
  });

  it("falls back to the generic mark for any other code", () => {
    expect(bankCode("stcbank")).toBeNull();
    expect(bankCode("")).toBeNull();
    expect(bankCode("constructor")).toBeNull();
  });

  it("names every known bank in both languages", () => {
    for (const code of Object.keys(BANK_MARKS) as (keyof typeof BANK_MARKS)[]) {
      expect(en.bankTransfer.banks[code]).toBeTruthy();
      expect(ar.bankTransfer.banks[code]).toBeTruthy();
    }
  });
});
