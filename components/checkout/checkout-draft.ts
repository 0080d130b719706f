import type { CheckoutMethodId } from "@/lib/checkout/payment-methods";
import type { CheckoutForm } from "@/lib/validation/checkout";

/**
 * What the shopper entered in the checkout, kept in session storage for this cart so that a
 * reload on the payment stage does not lose it (the tab's storage only; gone with the tab).
 */
export type CheckoutDraft = {
  cartId: string;
  /** The customer step as saved (its Continue passed): the later steps need it. */
  form: CheckoutForm | null;
  method: CheckoutMethodId | null;
  /** What is typed in the customer step before Continue, so that a language switch or a reload does not lose it. */
  typing?: CheckoutForm | null;
};

const KEY = "checkout:draft";
/** The delivery-or-pickup choice typed before Continue (components/checkout/fulfilment-section.tsx). */
export const FULFILMENT_TYPING_KEY = "checkout:fulfilment";

export function readDraft(cartId: string): CheckoutDraft | null {
  try {
    const draft = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null") as CheckoutDraft | null;
    return draft && draft.cartId === cartId ? draft : null;
  } catch {
    // Storage blocked or a value from an older version: start without a draft.
    return null;
  }
}

export function writeDraft(draft: CheckoutDraft) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the checkout still works, only a reload forgets it.
  }
}

/** Forgets the draft (its cart is done or gone): the shopper's details do not outlive their use. */
export function clearDraft() {
  try {
    window.sessionStorage.removeItem(KEY);
    window.sessionStorage.removeItem(FULFILMENT_TYPING_KEY);
  } catch {
    // Storage blocked: there is nothing stored either.
  }
}
