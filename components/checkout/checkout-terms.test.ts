import { describe, expect, it } from "vitest";
import { checkoutTerms } from "./use-checkout-setup";

describe("the terms checkbox before paying", () => {
  it.each([
    // termsEnabled, tosCheckboxEnabled, the terms page exists ⇒ required (its label links to the page)
    [true, false, true, { termsRequired: true }],
    [true, false, false, { termsRequired: false }],
    [false, false, true, { termsRequired: false }],
    // tosCheckboxEnabled asks for the box where there is a terms page to agree to, never without one.
    [false, true, false, { termsRequired: false }],
    [true, true, false, { termsRequired: false }],
    [false, true, true, { termsRequired: true }],
    [true, true, true, { termsRequired: true }],
  ])("terms %s, tos checkbox %s, page %s ⇒ %j", (termsEnabled, tosCheckboxEnabled, page, expected) => {
    expect(checkoutTerms({ termsEnabled, tosCheckboxEnabled }, page)).toEqual(expected);
  });
});
