/**
 * The checkout sheet's steps (spec §2, §4): the Cart stage (summary, then sign-in by code when
 * needed), Customer info, and Payment (choose a method, then pay). Back goes one step back; a
 * click on an earlier stage in the progress header only ever returns to the summary. The step
 * lives in the URL hash (#cart, #cart/customer-info…) so that a reload lands back on it. Pure.
 */

import { CART_HASH, isCartHash } from "@/components/cart/cart-sheet-state";

export const CHECKOUT_STEPS = [
  "summary",
  "send-otp",
  "verify-otp",
  "customer-info",
  "payment-method",
  "payment",
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The progress header's stages; the label keys are keys of `checkout.steps`. */
export const CHECKOUT_STAGES = [
  { id: "cart", labelKey: "cart", steps: ["summary", "send-otp", "verify-otp"] },
  { id: "customer", labelKey: "customerInfo", steps: ["customer-info"] },
  { id: "payment", labelKey: "payment", steps: ["payment-method", "payment"] },
] as const satisfies readonly { id: string; labelKey: string; steps: readonly CheckoutStep[] }[];

export function stageIndex(step: CheckoutStep): number {
  return CHECKOUT_STAGES.findIndex((stage) => (stage.steps as readonly CheckoutStep[]).includes(step));
}

const PREVIOUS: Record<CheckoutStep, CheckoutStep> = {
  summary: "summary",
  "send-otp": "summary",
  "verify-otp": "send-otp",
  // Signed in by now: the code steps are behind the customer, so Back is the summary.
  "customer-info": "summary",
  "payment-method": "customer-info",
  payment: "payment-method",
};

export function previousStep(step: CheckoutStep): CheckoutStep {
  return PREVIOUS[step];
}

/** Only the Cart stage (the summary) is reachable from the progress header, and only from a later stage. */
export function canJumpToStage(target: number, currentStep: CheckoutStep): boolean {
  return target === 0 && stageIndex(currentStep) > 0;
}

/** Continue on the summary: on to the customer's details, or signing in first. */
export function stepAfterSummary(signedIn: boolean): CheckoutStep {
  return signedIn ? "customer-info" : "send-otp";
}

export function hashForStep(step: CheckoutStep): string {
  return step === "summary" ? CART_HASH : `${CART_HASH}/${step}`;
}

export function stepFromHash(hash: string): CheckoutStep | null {
  if (!isCartHash(hash)) return null;
  const step = hash.slice(CART_HASH.length + 1) || "summary";
  return (CHECKOUT_STEPS as readonly string[]).includes(step) ? (step as CheckoutStep) : "summary";
}

type FlowState = { signedIn: boolean; hasDetails: boolean };

/** The later stages need a signed-in customer, and the payment stage the details entered for this cart. */
export function allowedStep(step: CheckoutStep, { signedIn, hasDetails }: FlowState): CheckoutStep {
  const stage = stageIndex(step);
  if (stage > 0 && !signedIn) return "summary";
  if (stage === 2 && !hasDetails) return "customer-info";
  return step;
}

/**
 * Where a reload resumes: a code step cannot (its code is gone with the page); the others as far
 * as allowedStep lets them (the details are kept in session storage).
 */
export function resumableStep(step: CheckoutStep, state: FlowState): CheckoutStep {
  return stageIndex(step) === 0 ? "summary" : allowedStep(step, state);
}
