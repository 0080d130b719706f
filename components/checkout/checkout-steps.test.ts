import { describe, expect, it } from "vitest";
import { isCartHash } from "@/components/cart/cart-sheet-state";
import {
  allowedStep,
  canJumpToStage,
  hashForStep,
  previousStep,
  resumableStep,
  stageIndex,
  stepAfterSummary,
  stepFromHash,
} from "./checkout-steps";

describe("checkout steps (spec §2, §4)", () => {
  it("groups the steps into the three progress stages", () => {
    expect(["summary", "send-otp", "verify-otp"].map((s) => stageIndex(s as never))).toEqual([0, 0, 0]);
    expect(stageIndex("customer-info")).toBe(1);
    expect(stageIndex("payment-method")).toBe(2);
    expect(stageIndex("payment")).toBe(2);
  });

  it("goes back one step, and from the customer's details to the summary", () => {
    expect(previousStep("payment")).toBe("payment-method");
    expect(previousStep("payment-method")).toBe("customer-info");
    expect(previousStep("customer-info")).toBe("summary");
    expect(previousStep("verify-otp")).toBe("send-otp");
    expect(previousStep("send-otp")).toBe("summary");
    expect(previousStep("summary")).toBe("summary");
  });

  it("continues to the details when signed in, else to signing in inside the cart stage", () => {
    expect(stepAfterSummary(true)).toBe("customer-info");
    expect(stepAfterSummary(false)).toBe("send-otp");
  });

  it("lets an earlier stage in the progress header lead only back to the summary", () => {
    expect(canJumpToStage(0, "customer-info")).toBe(true);
    expect(canJumpToStage(0, "payment")).toBe(true);
    expect(canJumpToStage(1, "payment")).toBe(false);
    expect(canJumpToStage(0, "verify-otp")).toBe(false);
    expect(canJumpToStage(2, "customer-info")).toBe(false);
  });

  it("keeps the step in the URL hash", () => {
    expect(hashForStep("summary")).toBe("#cart");
    expect(hashForStep("payment-method")).toBe("#cart/payment-method");
    expect(stepFromHash("#cart")).toBe("summary");
    expect(stepFromHash("#cart/customer-info")).toBe("customer-info");
    expect(stepFromHash("#cart/nonsense")).toBe("summary");
    expect(stepFromHash("#main")).toBeNull();
    expect(stepFromHash("")).toBeNull();
    expect(isCartHash("#cartoon")).toBe(false);
  });

  it("keeps the later stages for a signed-in customer with details", () => {
    expect(allowedStep("send-otp", { signedIn: false, hasDetails: false })).toBe("send-otp");
    expect(allowedStep("customer-info", { signedIn: false, hasDetails: true })).toBe("summary");
    expect(allowedStep("payment", { signedIn: true, hasDetails: false })).toBe("customer-info");
    expect(allowedStep("payment", { signedIn: true, hasDetails: true })).toBe("payment");
  });

  it("resumes a reload only where it can", () => {
    const signedIn = { signedIn: true, hasDetails: true };
    expect(resumableStep("payment", signedIn)).toBe("payment");
    expect(resumableStep("payment-method", { signedIn: true, hasDetails: false })).toBe("customer-info");
    expect(resumableStep("customer-info", { signedIn: false, hasDetails: true })).toBe("summary");
    expect(resumableStep("verify-otp", signedIn)).toBe("summary");
  });
});
