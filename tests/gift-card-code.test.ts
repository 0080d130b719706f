import { describe, expect, it } from "vitest";
import {
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  isGiftCardCodeShape,
  normalizeGiftCardCode,
} from "@/rules/gift-card-code";
import { newGiftCardCode } from "@/platform/services/gift-cards";

describe("gift card codes", () => {
  it("are 12 symbols of an alphabet without look-alikes, drawn at random", () => {
    for (const c of "0O1IL") expect(GIFT_CARD_ALPHABET).not.toContain(c);
    const codes = Array.from({ length: 2000 }, newGiftCardCode);
    for (const code of codes) expect(isGiftCardCodeShape(code)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol turns up: the draw is over the whole alphabet.
    expect(new Set(codes.join("")).size).toBe(GIFT_CARD_ALPHABET.length);
  });

  it("are shown in groups of four and read back however they are typed", () => {
    expect(formatGiftCardCode("ABCDEFGH2345")).toBe("ABCD-EFGH-2345");
    for (const typed of ["abcd-efgh-2345", "ABCD EFGH 2345", " abcdefgh2345 ", "ABCD‐EFGH–٢٣٤٥", "abcd_efgh.۲۳۴۵"])
      expect(normalizeGiftCardCode(typed)).toBe("ABCDEFGH2345");
    expect(isGiftCardCodeShape(normalizeGiftCardCode("ABCD-EFGH-0000"))).toBe(false);
    expect(isGiftCardCodeShape("ABCDEFGH234")).toBe(false);
  });
});
