"use client";

import { storeListeners } from "@/lib/store-listeners";

/**
 * The product's total as the purchase widget shows it (quantity, people, nights, the price
 * chosen), for the pay-later providers' promo widgets under the price: they show the instalments of
 * what the shopper is about to add, not of one unit. A module-level store (lib/store-listeners.ts):
 * the purchase widget and the promo widgets sit in different parts of the page.
 */
let amount: number | null = null;
const { emit, subscribe } = storeListeners();

export function publishPromoAmount(next: number | null) {
  if (next === amount) return;
  amount = next;
  emit();
}

/** The total published last (null before the purchase widget has shown one): a widget drawn late starts from it. */
export const currentPromoAmount = (): number | null => (amount !== null && amount > 0 ? amount : null);

/** Calls `listener` with each new total above zero; answers the unsubscribe. */
export function onPromoAmount(listener: (amount: number) => void): () => void {
  return subscribe(() => {
    if (amount !== null && amount > 0) listener(amount);
  });
}
