import { describe, expect, it } from "vitest";
import { afterApplePay, nextAfterMoyasar } from "@/payment-providers/moyasar/browser/next";
import { StoreApiError } from "@/lib/client-fetch";

const answer = (
  status: "initiated" | "paid" | "failed",
  over: Partial<{ redirectUrl: string; failureReason: string }> = {},
) => ({
  paymentId: "pay_1",
  status,
  redirectUrl: over.redirectUrl ?? null,
  errorMessageCode: null,
  failureReason: over.failureReason ?? null,
});

describe("where a Moyasar answer leads", () => {
  it("a card: initiated ⇒ its 3-D Secure page, paid ⇒ the done page, failed ⇒ a refusal with its reason", () => {
    expect(nextAfterMoyasar(answer("initiated", { redirectUrl: "https://3ds.example/x" }))).toEqual({
      redirect: "https://3ds.example/x",
    });
    expect(nextAfterMoyasar(answer("paid"))).toEqual({ done: "?status=paid" });
    expect(() => nextAfterMoyasar(answer("failed", { failureReason: "INSUFFICIENT_FUNDS" }))).toThrow(StoreApiError);
  });

  it("Apple Pay (spec §4): only Paid is a success — 'initiated' aborts the sheet, even with a page to go to", () => {
    expect(afterApplePay(answer("paid"))).toEqual({ done: "?status=paid" });
    expect(() => afterApplePay(answer("initiated", { redirectUrl: "https://3ds.example/x" }))).toThrow(StoreApiError);
    expect(() => afterApplePay(answer("failed"))).toThrow(StoreApiError);
  });
});
