import { describe, expect, it } from "vitest";
import orderAr from "@/messages/ar/order.json";
import orderEn from "@/messages/en/order.json";
import textAr from "@/messages/ar/text.json";
import textEn from "@/messages/en/text.json";
import validationAr from "@/messages/ar/validation.json";
import validationEn from "@/messages/en/validation.json";
import { paymentMethodKey } from "@/lib/checkout/done-state";
import type { CashLabelKey } from "@/lib/checkout/payment-methods";
import { DUE_MOMENTS, MONEY_STATUSES } from "@/contract/dto/cart";
import { PAYMENT_METHODS } from "@/contract/tenant-settings";

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const lookup = (tree: Tree, key: string) =>
  key
    .split(".")
    .reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);

// Every cash flow the payment-method rules can name (a Record, so that a new one fails to compile here).
const CASH_FLOWS: Record<CashLabelKey, true> = {
  "methods.cash.cashOnDelivery": true,
  "methods.cash.payLater": true,
  "methods.cash.confirmBooking": true,
  "methods.cash.confirmSubscription": true,
};

describe("order and text messages", () => {
  it("have the same keys in Arabic and English", () => {
    expect(keys(orderAr).sort()).toEqual(keys(orderEn).sort());
    expect(keys(textAr).sort()).toEqual(keys(textEn).sort());
  });

  it.each([
    ["ar", orderAr, textAr, validationAr],
    ["en", orderEn, textEn, validationEn],
  ] as const)(
    "(%s) say what happens next for every cash flow, every payment status and method, and the spec's text keys",
    (_locale, order, text, validation) => {
      for (const key of Object.keys(CASH_FLOWS)) {
        const flow = key.slice(key.lastIndexOf(".") + 1);
        expect(typeof lookup(order, `cash.next.${flow}`), flow).toBe("string");
        expect(typeof lookup(order, `cash.submit.${flow}`), flow).toBe("string");
      }
      for (const status of MONEY_STATUSES) expect(typeof lookup(order, `done.status.${status}`), status).toBe("string");
      for (const due of DUE_MOMENTS) {
        expect(typeof lookup(order, `done.due.${due}`), due).toBe("string");
        expect(typeof lookup(order, `cash.amountDueOn.${due}`), due).toBe("string");
      }
      for (const method of PAYMENT_METHODS)
        expect(typeof lookup(order, `done.method.${paymentMethodKey(method)}`), method).toBe("string");
      expect(text.copied).toBeTruthy();
      expect(text.copyFailed).toBeTruthy();
      // Spec §8 keeps this spelling; the bank-transfer form uses it for an empty receipt.
      expect(validation.uplaodBankReceipt).toBeTruthy();
      expect(order.paymentError.title).toBeTruthy();
    },
  );
});
