import { describe, expect, it } from "vitest";
import { percentOf, roundHalalas, taxBasisPoints, taxOn, toHalalas, toSar } from "@/platform/money";

describe("platform money", () => {
  it("converts halalas to SAR with two decimals", () => {
    expect(toSar(207000)).toBe(2070);
    expect(toSar(12345)).toBe(123.45);
    expect(toSar(5)).toBe(0.05);
    expect(toSar(0)).toBe(0);
  });
  it("converts SAR to whole halalas despite binary fractions", () => {
    expect(toHalalas(0.1 + 0.2)).toBe(30);
    expect(toHalalas(19.99)).toBe(1999);
    expect(toHalalas(1.005)).toBe(101);
    expect(toHalalas(toSar(98765))).toBe(98765);
  });
  it("rounds half away from zero", () => {
    expect(roundHalalas(2.5)).toBe(3);
    expect(roundHalalas(2.4999)).toBe(2);
    expect(roundHalalas(-2.5)).toBe(-3);
  });
  it("computes tax on integers, not on 1.15 − 1", () => {
    expect(taxBasisPoints(1.15)).toBe(1500);
    expect(taxBasisPoints(1)).toBe(0);
    expect(taxOn(180000, 1.15)).toBe(27000);
    expect(taxOn(1, 1.15)).toBe(0);
    expect(taxOn(10, 1.15)).toBe(2); // 1.5 halalas rounds up
    expect(taxOn(5000, 1)).toBe(0);
  });
  it("takes a percentage rounded to a halala", () => {
    expect(percentOf(207000, 30)).toBe(62100);
    expect(percentOf(1005, 30)).toBe(302); // 301.5
  });
});
