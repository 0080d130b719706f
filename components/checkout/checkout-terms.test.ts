import { describe, expect, it } from "vitest";
import { checkoutTerms } from "./use-checkout-setup";

describe("the terms checkbox before paying", () => {
  it.each([
    // termsEnabled, tosCheckboxEnabled, the terms page exists ⇒ required, links to the page
    [true, false, true, { termsRequired: true, termsLink: true }],
    [true, false, false, { termsRequired: false, termsLink: false }],
    [false, false, true, { termsRequired: false, termsLink: false }],
    // tosCheckboxEnabled asks for it even without a page (a plain label then).
    [false, true, false, { termsRequired: true, termsLink: false }],
    [true, true, true, { termsRequired: true, termsLink: true }],
  ])("terms %s, tos checkbox %s, page %s ⇒ %j", (termsEnabled, tosCheckboxEnabled, page, expected) => {
    expect(checkoutTerms({ termsEnabled, tosCheckboxEnabled }, page)).toEqual(expected);
  });
});
