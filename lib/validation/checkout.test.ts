import { describe, expect, it } from "vitest";
import { mobileNeedsConfirming } from "./checkout";

describe("the order's number is one the customer proved they hold", () => {
  const signedIn = "+966500000001";

  it("needs no code for the signed-in number, however it is typed", () => {
    expect(mobileNeedsConfirming({ mobile: { country: "SA", number: "500000001" } }, signedIn)).toBe(false);
    expect(mobileNeedsConfirming({ mobile: { country: "SA", number: "0500000001" } }, signedIn)).toBe(false);
    expect(mobileNeedsConfirming({ mobile: { country: "SA", number: "٠٥٠٠٠٠٠٠٠١" } }, signedIn)).toBe(false);
  });

  it("asks for a code for another number, or the same digits in another country", () => {
    expect(mobileNeedsConfirming({ mobile: { country: "SA", number: "500000002" } }, signedIn)).toBe(true);
    expect(mobileNeedsConfirming({ mobile: { country: "AE", number: "500000001" } }, signedIn)).toBe(true);
    expect(mobileNeedsConfirming({ mobile: { country: "SA", number: "500000001" } }, null)).toBe(true);
  });

  it("leaves an invalid number to the form's own message", () => {
    expect(mobileNeedsConfirming({ mobile: { country: "SA", number: "123" } }, signedIn)).toBe(false);
  });
});
