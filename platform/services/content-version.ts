import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  branches,
  productPrices,
  products,
  specialists,
  tenantPaymentAccounts,
  tenants,
  websitePages,
} from "../db/schema";

/**
 * A summary of everything a tenant's storefront pages show (its settings, payment accounts,
 * products, prices, website pages, branches and specialists): each table's highest row revision and its row count. Any insert, update or
 * delete changes it (schema.ts `contentRev`), so a page rendered at another summary is stale.
 */
export async function contentVersion(db: Db, tenantId: string): Promise<string> {
  const summary = { v: sql<string>`coalesce(max(rev), 0)::text || '.' || count(*)::text` };
  const [t, a, p, pp, w, b, sp] = await Promise.all([
    db
      .select({ v: sql<string>`${tenants.rev}::text` })
      .from(tenants)
      .where(eq(tenants.id, tenantId)),
    db
      .select({ v: sql<string>`${tenantPaymentAccounts.rev}::text` })
      .from(tenantPaymentAccounts)
      .where(eq(tenantPaymentAccounts.tenantId, tenantId)),
    db.select(summary).from(products).where(eq(products.tenantId, tenantId)),
    db.select(summary).from(productPrices).where(eq(productPrices.tenantId, tenantId)),
    db.select(summary).from(websitePages).where(eq(websitePages.tenantId, tenantId)),
    db.select(summary).from(branches).where(eq(branches.tenantId, tenantId)),
    db.select(summary).from(specialists).where(eq(specialists.tenantId, tenantId)),
  ]);
  if (!t[0]) return "gone";
  return [t[0].v, a[0]?.v ?? "-", p[0]?.v, pp[0]?.v, w[0]?.v, b[0]?.v, sp[0]?.v].join(":");
}
