import { withTax } from "@/lib/money";
import type { PromoProps } from "@/contract/provider-profile";
import type { PaymentEndpoints } from "@/contract/dto/tenants";
import type { ProductDto } from "@/contract/dto/catalog";
import { PROVIDER_PROFILES, type ProviderConfig } from "@/payment-providers/profiles";

/**
 * Which pay-later promo widgets a product page shows (spec §2): each provider's profile says from
 * its part of the configuration and the tenant's payment addresses (its `promo.props`), and none
 * shows without a price to split.
 */

type Profiles = typeof PROVIDER_PROFILES;
/** The provider folders with a promo widget. */
export type PromoFolder = { [F in keyof Profiles]: Profiles[F] extends { promo: object } ? F : never }[keyof Profiles];

/** A widget the page shows: its provider's folder, its slot (id and height) and its props. */
export type PromoWidgetSlot = { folder: PromoFolder; slotId: string; slotClass: string; props: PromoProps };

/** The id of a provider's promo slot, drawn by the server, that its widget is drawn in. */
export const promoSlotId = (folder: string) => `${folder}-promo`;

export function promoWidgets(config: ProviderConfig, payments: PaymentEndpoints, amount: number): PromoWidgetSlot[] {
  if (!(amount > 0)) return [];
  return (Object.keys(PROVIDER_PROFILES) as (keyof Profiles)[]).flatMap((folder): PromoWidgetSlot[] => {
    const profile = PROVIDER_PROFILES[folder];
    if (!("promo" in profile)) return [];
    const props = profile.promo.props(config, payments);
    if (!props) return [];
    // A folder whose profile has `promo`.
    return [{ folder: folder as PromoFolder, slotId: promoSlotId(folder), slotClass: profile.promo.slotClass, props }];
  });
}

/** The amount the widgets split: the product's lowest price as the shopper pays it (VAT included), like the price shown. */
export function promoAmount(product: Pick<ProductDto, "prices" | "amount">, taxRate: number): number {
  const amounts = product.prices.length > 0 ? product.prices.map((p) => p.amount) : [product.amount];
  return withTax(Math.min(...amounts), taxRate);
}
