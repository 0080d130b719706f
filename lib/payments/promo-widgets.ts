import { withTax } from "@/lib/money";
import type { PaymentEndpoints } from "@/contract/dto/tenants";
import type { ProductDto } from "@/contract/dto/catalog";
import type { TenantConfig } from "@/contract/tenant-settings";

/**
 * Which pay-later promo widgets a product page shows (spec §2): Tabby's card when Tabby is enabled
 * with its public key and merchant code, Tamara's only under showTamaraPromo; each needs its
 * script's address and a price to split.
 */

export type TabbyPromo = { scriptUrl: string; publicKey: string; merchantCode: string };
export type TamaraPromo = { scriptUrl: string; publicKey: string };
export type PromoWidgets = { tabby: TabbyPromo | null; tamara: TamaraPromo | null };

export function promoWidgets(
  config: Pick<TenantConfig, "tabby" | "tamara" | "showTamaraPromo">,
  payments: PaymentEndpoints,
  amount: number,
): PromoWidgets {
  if (!(amount > 0)) return { tabby: null, tamara: null };
  const { tabby, tamara } = config;
  return {
    tabby:
      tabby.enabled && tabby.publicKey && tabby.merchantCode && payments.tabbyCardScriptUrl
        ? { scriptUrl: payments.tabbyCardScriptUrl, publicKey: tabby.publicKey, merchantCode: tabby.merchantCode }
        : null,
    tamara:
      config.showTamaraPromo && tamara.publicKey && payments.tamaraWidgetScriptUrl
        ? { scriptUrl: payments.tamaraWidgetScriptUrl, publicKey: tamara.publicKey }
        : null,
  };
}

/** The amount the widgets split: the product's lowest price as the shopper pays it (VAT included), like the price shown. */
export function promoAmount(product: Pick<ProductDto, "prices" | "amount">, taxRate: number): number {
  const amounts = product.prices.length > 0 ? product.prices.map((p) => p.amount) : [product.amount];
  return withTax(Math.min(...amounts), taxRate);
}
