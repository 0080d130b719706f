import "server-only";
import type { Db } from "../db/client";
import type { Locale } from "@/contract/tenant-settings";
import { env } from "@/server/env";
import { siteOriginOf } from "@/server/site-origin";
import { orderViewKey } from "../services/order-links";
import { canonicalHost, type TenantRow } from "../services/tenants";

/**
 * The store's address for messages that leave the site: its first custom domain (as the operator
 * CLI shows its webhook URLs), else `<slug>.<BASE_DOMAIN>`, with the scheme and port the store is
 * served on.
 */
export async function storeOrigin(db: Db, tenant: Pick<TenantRow, "id" | "slug">): Promise<string> {
  const e = env();
  return siteOriginOf(await canonicalHost(db, tenant, e.BASE_DOMAIN), e);
}

/** A placed order's absolute link with its view key (/orders/{id}?key=…): it opens without signing in, in `locale`. */
export async function orderAddress(
  db: Db,
  tenant: Pick<TenantRow, "id" | "slug">,
  orderId: string,
  locale: Locale,
): Promise<string> {
  const path = `${locale === "ar" ? "" : `/${locale}`}/orders/${orderId}`;
  return `${await storeOrigin(db, tenant)}${path}?key=${encodeURIComponent(orderViewKey(tenant.id, orderId))}`;
}
