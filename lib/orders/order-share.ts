import "server-only";
import { getTranslations } from "next-intl/server";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantDto } from "@/contract/dto/tenants";
import type { Locale, TenantConfig } from "@/contract/tenant-settings";
import { orNull, platform } from "@/lib/platform-client/core";
import { pageUrl } from "@/lib/seo";
import { localePath } from "@/lib/site-routing";

/** An order's link (/orders/{id}?key=…) with the text that goes with it when shared. */
export type OrderShare = { url: string; text: string; key: string };

/** The shared view's address: /orders/{id}?key={key}, in the page's language. */
export function orderShareFor(
  site: string,
  locale: Locale,
  store: string,
  order: CartDto,
  key: string,
  text: (values: { number: string; store: string }) => string,
): OrderShare {
  return {
    url: pageUrl(site, locale, `/orders/${order.id}?key=${encodeURIComponent(key)}`),
    text: text({ number: order.orderNumber ?? "", store }),
    key,
  };
}

/** An order's page (`""`) or its invoice page (`"/invoice"`), through its link when the page was opened with one. */
export const orderPageHref = (locale: Locale, cartId: string, key: string | null, sub: "" | "/invoice" = "") =>
  `${localePath(locale, `/orders/${cartId}${sub}`)}${key ? `?key=${encodeURIComponent(key)}` : ""}`;

/**
 * What the done page and the order page add to the customer's own placed order, asked of the
 * platform with their token at once: its link to keep or share, and its invoice page when one was
 * issued (both null for an order not theirs or not placed).
 */
export async function ownOrderExtras(
  site: string,
  tenant: TenantDto,
  config: TenantConfig,
  locale: Locale,
  token: string,
  order: CartDto,
): Promise<{ share: OrderShare | null; invoiceHref: string | null }> {
  if (order.status !== "completed") return { share: null, invoiceHref: null };
  const api = platform({ tenant, locale, token });
  const [link, docs, t] = await Promise.all([
    orNull(api.account.orderLink({ params: { id: order.id } })),
    orNull(api.account.orderInvoices({ params: { id: order.id } })),
    getTranslations("order.done.share"),
  ]);
  return {
    share: link
      ? orderShareFor(site, locale, config.brandName ?? tenant.name, order, link.key, (v) => t("text", v))
      : null,
    invoiceHref: docs?.invoice ? orderPageHref(locale, order.id, null, "/invoice") : null,
  };
}
