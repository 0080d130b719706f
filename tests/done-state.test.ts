import { describe, expect, it } from "vitest";
import {
  doneView,
  failureMessageKey,
  paymentMethodKey,
  readDoneHint,
  type Settlement,
} from "@/lib/checkout/done-state";

describe("done page query hints (spec §2)", () => {
  it("reads status=paid and Tabby/Tamara cancel or failure", () => {
    expect(readDoneHint({ status: "paid" })).toEqual({ kind: "paid" });
    expect(readDoneHint({ payment_method: "tabby", status: "cancel" })).toEqual({
      kind: "payLaterReturned",
      provider: "tabby",
      outcome: "cancel",
    });
    expect(readDoneHint({ payment_method: "TAMARA", status: "failure" })).toEqual({
      kind: "payLaterReturned",
      provider: "tamara",
      outcome: "failure",
    });
    expect(readDoneHint({ payment_method: ["tabby", "x"], status: ["failure"] })).toEqual({
      kind: "payLaterReturned",
      provider: "tabby",
      outcome: "failure",
    });
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
    expect(
      doneView({ status: "completed" }, { kind: "payLaterReturned", provider: "tabby", outcome: "cancel" }),
    ).toEqual({ kind: "order" });
  });

  it("never shows a cart that is not complete as paid, even with status=paid", () => {
    expect(doneView({ status: "active" }, { kind: "paid" })).toEqual({ kind: "notReceived", paidHint: true });
    expect(doneView({ status: "active" }, null)).toEqual({ kind: "notReceived", paidHint: false });
  });

  it("tells a shopper back from Tabby or Tamara without paying", () => {
    expect(doneView({ status: "active" }, { kind: "payLaterReturned", provider: "tamara", outcome: "cancel" })).toEqual(
      { kind: "payLaterReturned", provider: "tamara", outcome: "cancel" },
    );
  });
});

describe("what the done page shows after settling the cart's payments", () => {
  const settled = (
    outcome: NonNullable<Settlement>["outcome"],
    provider: NonNullable<Settlement>["provider"] = "moyasar",
    reason: string | null = null,
  ): Settlement => ({ outcome, provider, failureReason: reason, errorMessageCode: reason });

  it("shows the order once the platform completed it, whatever the settlement said", () => {
    expect(doneView({ status: "completed" }, null, settled("paid"))).toEqual({ kind: "order" });
  });

  it("names a refused card's reason and never shows it as paid, even with status=paid", () => {
    expect(
      doneView({ status: "active" }, { kind: "paid" }, settled("failed", "moyasar", "INSUFFICIENT_FUNDS")),
    ).toEqual({ kind: "failed", reasonKey: "order.paymentError.reasons.insufficientFunds" });
    expect(doneView({ status: "active" }, null, settled("failed", "myfatoorah", "Some gateway text"))).toEqual({
      kind: "failed",
      reasonKey: "order.paymentError.reasons.unknown",
    });
    expect(doneView({ status: "active" }, null, settled("cancelled", "myfatoorah"))).toEqual({
      kind: "failed",
      reasonKey: "order.paymentError.reasons.unknown",
    });
  });

  it("tells the shopper a payment taken for an order that could not complete is the store's to resolve", () => {
    expect(
      doneView(
        { status: "active" },
        { kind: "paid" },
        settled("refused", "moyasar", "SP:MerchandiseItemInsufficientStock"),
      ),
    ).toEqual({ kind: "refused" });
  });

  it("treats Tabby and Tamara refusals and cancellations as a return without paying", () => {
    expect(doneView({ status: "active" }, null, settled("cancelled", "tamara"))).toEqual({
      kind: "payLaterReturned",
      provider: "tamara",
      outcome: "cancel",
    });
    expect(doneView({ status: "active" }, null, settled("failed", "tabby"))).toEqual({
      kind: "payLaterReturned",
      provider: "tabby",
      outcome: "failure",
    });
    expect(
      doneView(
        { status: "active" },
        { kind: "payLaterReturned", provider: "tabby", outcome: "cancel" },
        settled("failed", "tabby"),
      ),
    ).toEqual({ kind: "payLaterReturned", provider: "tabby", outcome: "cancel" });
  });

  it("waits for a pending payment: not received yet, with a way to check again", () => {
    expect(doneView({ status: "active" }, null, settled("pending", "moyasar"))).toEqual({
      kind: "notReceived",
      paidHint: true,
    });
    // Back through Tabby's cancel address while its payment is still open there: cancelled all the same.
    expect(
      doneView(
        { status: "active" },
        { kind: "payLaterReturned", provider: "tabby", outcome: "cancel" },
        settled("pending", "tabby"),
      ),
    ).toEqual({ kind: "payLaterReturned", provider: "tabby", outcome: "cancel" });
  });

  it("falls back to the address's hint when nothing was tried online or the platform could not answer", () => {
    expect(doneView({ status: "active" }, null, settled("none", null))).toEqual({
      kind: "notReceived",
      paidHint: false,
    });
    expect(doneView({ status: "active" }, { kind: "paid" }, null)).toEqual({ kind: "notReceived", paidHint: true });
    expect(
      doneView(
        { status: "active" },
        { kind: "payLaterReturned", provider: "tamara", outcome: "failure" },
        settled("none", null),
      ),
    ).toEqual({ kind: "payLaterReturned", provider: "tamara", outcome: "failure" });
  });

  it("describes a failure by spec §8's reason, an SP code's message, else the generic card failure", () => {
    expect(failureMessageKey("3-D Secure transaction attempt failed (DECLINED)")).toBe(
      "order.paymentError.reasons.threeDSecureFailed",
    );
    expect(failureMessageKey("Payment:Error:TimeFrameExpired")).toBe("order.paymentError.reasons.timeFrameExpired");
    expect(failureMessageKey("SP:PaymentAmountMismatch")).toBe("errors.SP_PaymentAmountMismatch");
    expect(failureMessageKey(null)).toBe("order.paymentError.reasons.unknown");
  });
});

describe("payment wording", () => {
  it("names the method (MADA and VISA are both a card)", () => {
    expect(paymentMethodKey("MADA")).toBe("card");
    expect(paymentMethodKey("VISA")).toBe("card");
    expect(paymentMethodKey("CASH")).toBe("cash");
    expect(paymentMethodKey("BANK_TRANSFER")).toBe("bankTransfer");
    expect(paymentMethodKey(null)).toBeNull();
  });
});
