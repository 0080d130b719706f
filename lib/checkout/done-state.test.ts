import { describe, expect, it } from "vitest";
import { doneView, paymentMethodKey, paymentStatusKey, readDoneHint } from "./done-state";

describe("done page query hints (spec §2)", () => {
  it("reads status=paid and Tabby/Tamara cancel or failure", () => {
    expect(readDoneHint({ status: "paid" })).toEqual({ kind: "paid" });
    expect(readDoneHint({ payment_method: "tabby", status: "cancel" })).toEqual({ kind: "payLaterReturned", provider: "tabby", outcome: "cancel" });
    expect(readDoneHint({ payment_method: "TAMARA", status: "failure" })).toEqual({ kind: "payLaterReturned", provider: "tamara", outcome: "failure" });
    expect(readDoneHint({ payment_method: ["tabby", "x"], status: ["failure"] })).toEqual({ kind: "payLaterReturned", provider: "tabby", outcome: "failure" });
  });

  it("ignores anything else", () => {
    expect(readDoneHint({})).toBeNull();
    expect(readDoneHint({ status: "success" })).toBeNull();
    expect(readDoneHint({ payment_method: "card", status: "cancel" })).toBeNull();
    expect(readDoneHint({ payment_method: "tabby" })).toBeNull();
  });
});

describe("what the done page shows", () => {
  it("shows a completed cart as the order, whatever the query says", () => {
    expect(doneView({ status: "completed" }, null)).toEqual({ kind: "order" });
    expect(doneView({ status: "completed" }, { kind: "payLaterReturned", provider: "tabby", outcome: "cancel" })).toEqual({ kind: "order" });
  });

  it("never shows a cart that is not complete as paid, even with status=paid", () => {
    expect(doneView({ status: "active" }, { kind: "paid" })).toEqual({ kind: "notReceived", paidHint: true });
    expect(doneView({ status: "active" }, null)).toEqual({ kind: "notReceived", paidHint: false });
  });

  it("tells a shopper back from Tabby or Tamara without paying", () => {
    expect(doneView({ status: "active" }, { kind: "payLaterReturned", provider: "tamara", outcome: "cancel" })).toEqual({ kind: "payLaterReturned", provider: "tamara", outcome: "cancel" });
  });
});

describe("payment wording", () => {
  it("says pending review for a bank transfer, pay on site for cash, nothing due for a free order", () => {
    expect(paymentStatusKey({ paymentStatus: "pending_review", totalAmount: 100 })).toBe("pendingReview");
    expect(paymentStatusKey({ paymentStatus: "pay_on_site", totalAmount: 100 })).toBe("payOnSite");
    expect(paymentStatusKey({ paymentStatus: "paid", totalAmount: 100 })).toBe("paid");
    expect(paymentStatusKey({ paymentStatus: "unpaid", totalAmount: 100 })).toBe("unpaid");
    expect(paymentStatusKey({ paymentStatus: "pay_on_site", totalAmount: 0 })).toBe("nothingDue");
  });

  it("names the method (MADA and VISA are both a card)", () => {
    expect(paymentMethodKey("MADA")).toBe("card");
    expect(paymentMethodKey("VISA")).toBe("card");
    expect(paymentMethodKey("CASH")).toBe("cash");
    expect(paymentMethodKey("BANK_TRANSFER")).toBe("bankTransfer");
    expect(paymentMethodKey(null)).toBeNull();
  });
});
