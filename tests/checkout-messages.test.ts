import { describe, expect, it } from "vitest";
import ar from "@/messages/ar/checkout.json";
import en from "@/messages/en/checkout.json";
import { CHECKOUT_STAGES } from "@/components/checkout/checkout-steps";
import type { MethodLabelKey } from "@/lib/checkout/payment-methods";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

const lookup = (tree: Tree, key: string) =>
  key
    .split(".")
    .reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);

// Every label the payment-method rules can give (a Record, so that a new key fails to compile here).
const METHOD_LABELS: Record<MethodLabelKey, true> = {
  "methods.card": true,
  "methods.applePay": true,
  "methods.tabby": true,
  "methods.tamara": true,
  "methods.bankTransfer": true,
  "methods.cash.cashOnDelivery": true,
  "methods.cash.payLater": true,
  "methods.cash.confirmBooking": true,
  "methods.cash.confirmSubscription": true,
};

describe("checkout messages", () => {
  it("have the same keys in Arabic and English", () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  it.each(["ar", "en"] as const)(
    "(%s) name every payment method, every cash label and every progress stage",
    (locale) => {
      const messages = locale === "ar" ? ar : en;
      for (const key of Object.keys(METHOD_LABELS)) expect(typeof lookup(messages, key), key).toBe("string");
      for (const stage of CHECKOUT_STAGES) expect(typeof lookup(messages, `steps.${stage.labelKey}`)).toBe("string");
      expect(messages.termsAndConditionsError).toBeTruthy();
      expect(messages.methods.none).toBeTruthy();
    },
  );
});

describe("the coupon's refusals name it as its field does", () => {
  it("every Arabic coupon error says the field's word (كود الخصم), never another one", async () => {
    const errors = (await import("@/messages/ar/errors.json")).default as Record<string, string>;
    const field = ar.coupon.label;
    expect(field).toBe("كود الخصم");
    const coupon = Object.entries(errors).filter(([code]) => /Coupon/.test(code));
    expect(coupon.length).toBeGreaterThan(10);
    for (const [code, text] of coupon) {
      expect(text, code).toMatch(/كود/);
      expect(text, code).not.toMatch(/قسيم|كوبون/);
    }
  });
});
