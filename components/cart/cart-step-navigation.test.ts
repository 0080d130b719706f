import { describe, expect, it } from "vitest";
import { canJumpToStep, nextStepIndex, previousStepIndex, showsProgress } from "./cart-step-navigation";

describe("cart sheet steps", () => {
  it("moves forward and back within the steps", () => {
    expect(nextStepIndex(0, 3)).toBe(1);
    expect(nextStepIndex(2, 3)).toBe(2);
    expect(nextStepIndex(0, 1)).toBe(0);
    expect(previousStepIndex(2)).toBe(1);
    expect(previousStepIndex(0)).toBe(0);
  });

  it("lets an earlier step in the progress header lead only back to the summary", () => {
    expect(canJumpToStep(0, 2)).toBe(true);
    expect(canJumpToStep(1, 2)).toBe(false);
    expect(canJumpToStep(2, 1)).toBe(false);
    expect(canJumpToStep(0, 0)).toBe(false);
  });

  it("shows the progress header only with more than one step", () => {
    expect(showsProgress(1)).toBe(false);
    expect(showsProgress(3)).toBe(true);
  });
});
