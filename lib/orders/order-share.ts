import "server-only";
import { getTranslations } from "next-intl/server";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantDto } from "@/contract/dto/tenants";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";
import { orNull, platform } from "@/lib/platform-client/core";
import { pageUrl } from "@/lib/seo";

/** An order's link (/orders/{id}?key=…) with the text that goes with it when shared. */
export type OrderShare = { url: string; text: string; key: string };

/** The shared view's address: /orders/{id}?key={key}, in the page's language. */
export function orderShareFor(site: string, locale: Locale, store: string, order: CartDto, key: string, text: (values: { number: string; store: string }) => string): OrderShare {
  return { url: pageUrl(site, locale, `/orders/${order.id}?key=${encodeURIComponent(key)}`), text: text({ number: order.orderNumber ?? "", store }), key };
}

/**
 * The link of the customer's own placed order, asked of the platform with their token (null when
 * the order is not theirs or not placed): what the done page and the order page offer to keep or share.
 */
export async function ownOrderShare(site: string, tenant: TenantDto, config: TenantConfig, locale: Locale, token: string, order: CartDto): Promise<OrderShare | null> {
  if (order.status !== "completed") return null;
  const [link, t] = await Promise.all([orNull(platform({ tenant, locale, token }).account.orderLink({ params: { id: order.id } })), getTranslations("order.done.share")]);
  return link ? orderShareFor(site, locale, config.brandName ?? tenant.name, order, link.key, (v) => t("text", v)) : null;
}
