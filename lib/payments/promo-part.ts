import type { PromoProps } from "@/contract/provider-profile";
import type { Locale } from "@/contract/tenant-settings";

/**
 * What a provider's promo code (payment-providers/<name>/browser/promo.ts) does in its slot. The
 * storefront's loader (components/product/promo-loader.tsx) calls it once the page has loaded and
 * the slot is near the screen: `beforeScript`, then loads `props.scriptUrl`, then `draw`.
 * Methods rather than function members: each provider's widget takes its own props (what its
 * profile's `promo.props` answers).
 */
export type PromoWidget<P extends PromoProps = PromoProps> = {
  /** Readies the page for the provider's script before it loads (the globals it reads when it runs). */
  beforeScript?(props: P, locale: Locale): void;
  /** Draws the widget in `slot` for `amount`, its script loaded; answers how it shows a new amount. */
  draw(slot: HTMLElement, props: P, amount: number, locale: Locale): (amount: number) => void;
};

/** Declares a provider's promo widget with its props' type. */
export function definePromoWidget<P extends PromoProps>(widget: PromoWidget<P>): PromoWidget<P> {
  return widget;
}

/**
 * A provider's promo widget on product pages (spec §2), a member of its browser part: its code,
 * loaded on demand (`() => import("./promo")`), so that a product page's first load carries none
 * of it. Its slot and props come from the profile's `promo` declaration.
 */
export type PromoPart = () => Promise<{ widget: PromoWidget }>;
