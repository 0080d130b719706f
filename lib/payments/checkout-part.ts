/** A provider's part of the checkout sheet (filled in with the checkout's move into the folders). */
export type CheckoutPart = Record<string, never>;
