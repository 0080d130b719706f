import { describe, expect, it } from "vitest";
import { KNOWN_ERROR_CODES } from "@/lib/errors";
import { CARD_FAILURE_REASONS } from "@/contract/payment-failures";
import {
  ACTIONABLE_PAYMENT_CODES,
  claimDoneRedirect,
  KNOWN_PAYMENT_ERRORS,
  PAYMENT_ERROR_TOAST_MS,
  COPY_TOAST_MS,
  paymentErrorMessageKey,
  redirectFlagKey,
  showsPaymentErrorTitle,
  type FlagStorage,
} from "./payment-errors";
import en from "@/messages/en/order.json";
import ar from "@/messages/ar/order.json";

function memoryStorage(): FlagStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe("payment error toast (spec §8)", () => {
  it("lasts 6 s; the copy toast 2 s (spec §9)", () => {
    expect(PAYMENT_ERROR_TOAST_MS).toBe(6000);
    expect(COPY_TOAST_MS).toBe(2000);
  });

  it("has a blank title for every card failure reason of spec §8", () => {
    const reasons = [
      "INSUFFICIENT_FUNDS",
      "DECLINED",
      "BLOCKED",
      "Payment:Error:TimeFrameExpired",
      "UNSPECIFIED_FAILURE",
      "EXPIRED_CARD",
      "TIMED_OUT",
      "REFERRED",
      "3-D Secure transaction attempt failed (DECLINED)",
      "Payment:Error:Unknown",
    ];
    for (const reason of reasons) expect(showsPaymentErrorTitle(reason), reason).toBe(false);
    expect(Object.keys(CARD_FAILURE_REASONS).sort()).toEqual([...reasons].sort());
  });

  it("has a blank title for the SP codes the shopper can act on, and for a completed cart", () => {
    for (const code of [
      "SP:SlotIsNotAvailable",
      "SP:MerchandiseItemInsufficientStock",
      "SP:CouponReachedMaximumUsage",
      "SP:PaymentMethodNotAllowed",
      "SP:BankReceiptRequired",
      "SP:CartAlreadyCompleted",
    ]) {
      expect(showsPaymentErrorTitle(code), code).toBe(false);
    }
  });

  it("shows error.title for anything else: unknown codes, infrastructure, no answer, no code", () => {
    for (const code of [
      "SP:InternalError",
      "SP:BadGateway",
      "SP:Unauthorized",
      "network",
      "SP:SomethingNew",
      "",
      null,
      undefined,
    ]) {
      expect(showsPaymentErrorTitle(code), String(code)).toBe(true);
    }
  });

  it("only lists SP codes the storefront can translate", () => {
    const translatable = new Set<string>(KNOWN_ERROR_CODES);
    for (const code of ACTIONABLE_PAYMENT_CODES) expect(translatable.has(code), code).toBe(true);
    expect(KNOWN_PAYMENT_ERRORS).toContain("SP:CartAlreadyCompleted");
  });

  it("describes an error by its code's message", () => {
    expect(paymentErrorMessageKey("SP:SlotIsNotAvailable")).toBe("errors.SP_SlotIsNotAvailable");
    expect(paymentErrorMessageKey("SP:Reservation:SelectedSlotIsUnavailableOrOutdated")).toBe(
      "errors.SP_Reservation_SelectedSlotIsUnavailableOrOutdated",
    );
    expect(paymentErrorMessageKey("SP:BankReceiptRequired")).toBe("validation.uplaodBankReceipt");
    expect(paymentErrorMessageKey("INSUFFICIENT_FUNDS")).toBe("order.paymentError.reasons.insufficientFunds");
    expect(paymentErrorMessageKey("3-D Secure transaction attempt failed (DECLINED)")).toBe(
      "order.paymentError.reasons.threeDSecureFailed",
    );
    expect(paymentErrorMessageKey("network")).toBe("errors.network");
    expect(paymentErrorMessageKey("SP:SomethingNew")).toBe("errors.unknown");
    expect(paymentErrorMessageKey("constructor")).toBe("errors.unknown");
  });

  it("has a message for every card failure reason in both languages", () => {
    for (const key of Object.values(CARD_FAILURE_REASONS)) {
      expect(en.paymentError.reasons[key], key).toBeTruthy();
      expect(ar.paymentError.reasons[key], key).toBeTruthy();
    }
  });
});

describe("redirect guard (spec §4)", () => {
  const cart = "5f1c8a2e-0000-4000-8000-0000000000aa";
  const other = "5f1c8a2e-0000-4000-8000-0000000000bb";

  it("redirects once per cart for SP:CartAlreadyCompleted, then only shows the toast", () => {
    const storage = memoryStorage();
    expect(claimDoneRedirect(storage, cart, "SP:CartAlreadyCompleted")).toBe(true);
    expect(storage.data.get(redirectFlagKey(cart))).toBe("1");
    expect(claimDoneRedirect(storage, cart, "SP:CartAlreadyCompleted")).toBe(false);
    // Another cart has its own flag.
    expect(claimDoneRedirect(storage, other, "SP:CartAlreadyCompleted")).toBe(true);
  });

  it("also redirects once when the cart cookie is gone (the order completed in another tab)", () => {
    const storage = memoryStorage();
    expect(claimDoneRedirect(storage, cart, "SP:EntityNotFound")).toBe(true);
    // One flag per cart, whichever code spent it.
    expect(claimDoneRedirect(storage, cart, "SP:CartAlreadyCompleted")).toBe(false);
  });

  it("never redirects for other codes, and they do not spend the flag", () => {
    const storage = memoryStorage();
    for (const code of [
      "SP:SlotIsNotAvailable",
      "SP:MerchandiseItemInsufficientStock",
      "SP:Unauthorized",
      "SP:InternalError",
      "network",
      null,
      undefined,
    ])
      expect(claimDoneRedirect(storage, cart, code)).toBe(false);
    expect(storage.data.size).toBe(0);
    expect(claimDoneRedirect(storage, cart, "SP:CartAlreadyCompleted")).toBe(true);
  });

  it("skips the redirect without storage or a cart id, or when storage refuses", () => {
    expect(claimDoneRedirect(null, cart, "SP:CartAlreadyCompleted")).toBe(false);
    expect(claimDoneRedirect(memoryStorage(), "", "SP:CartAlreadyCompleted")).toBe(false);
    const refusing: FlagStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(claimDoneRedirect(refusing, cart, "SP:CartAlreadyCompleted")).toBe(false);
  });
});
