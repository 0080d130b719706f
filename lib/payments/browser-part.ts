import type { CheckoutPart } from "./checkout-part";
import type { PromoPart } from "./promo-part";

/**
 * A payment provider's browser part (payment-providers/<name>/browser/index.ts): what the
 * storefront's pages draw for it. Every member loads its code on demand, so that a page that
 * does not show the provider (a product page before interaction) carries none of it.
 */
export type BrowserPart = {
  /** Its ways to pay in the checkout sheet. */
  checkout?: CheckoutPart;
  /** Its promo widget under a product's price (spec §2). */
  promo?: PromoPart;
};

/** Declares a browser part; the literal types are kept. */
export function defineBrowser<const B extends BrowserPart>(part: B): B {
  return part;
}
