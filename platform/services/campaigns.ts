import "server-only";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../db/client";
import { carts, type UtmRecord } from "../db/schema";
import { loadCartLines, priceCart, pricingOf } from "./cart-pricing";
import { tenantBySlug } from "./tenant-admin";

// The owner's view of what their campaigns brought (`npm run tenant -- campaigns <slug>`), read
// from the orders themselves: each order's own UTM record and click ids, as the shopper's
// browser kept them from the landing and sent them with the order.

/** Which ad platform a click id belongs to, in the order a record is read (one platform per order). */
const CLICK_PLATFORMS: [keyof UtmRecord, string][] = [
  ["fbclid", "Meta"],
  ["fbc", "Meta"],
  ["gclid", "Google"],
  ["gbraid", "Google"],
  ["wbraid", "Google"],
  ["ttclid", "TikTok"],
  ["ScCid", "Snapchat"],
  ["msclkid", "Microsoft"],
];

/** What an order without the dimension is counted under. */
export const NONE = "(none)";

export const clickPlatformOf = (utm: UtmRecord | null): string =>
  CLICK_PLATFORMS.find(([field]) => utm?.[field])?.[1] ?? NONE;

export type CampaignRow = {
  key: string;
  orders: number;
  /** Halalas with VAT. */
  revenue: number;
  /** Of the period's revenue, 0–1 (of its orders when it had no revenue). */
  share: number;
};

export type CampaignReport = {
  since: Date;
  until: Date;
  orders: number;
  /** Halalas with VAT. */
  revenue: number;
  bySource: CampaignRow[];
  byCampaign: CampaignRow[];
  byClickPlatform: CampaignRow[];
  byCoupon: CampaignRow[];
};

type Counted = { utm: UtmRecord | null; coupon: string | null; revenue: number };

function group(orders: Counted[], keyOf: (o: Counted) => string, total: number): CampaignRow[] {
  const rows = new Map<string, CampaignRow>();
  for (const o of orders) {
    const key = keyOf(o);
    const row = rows.get(key) ?? { key, orders: 0, revenue: 0, share: 0 };
    row.orders++;
    row.revenue += o.revenue;
    rows.set(key, row);
  }
  for (const row of rows.values())
    row.share = total > 0 ? row.revenue / total : orders.length > 0 ? row.orders / orders.length : 0;
  // The biggest first; "(none)" after every named one of the same size, ties by name.
  return [...rows.values()].sort(
    (a, b) =>
      b.revenue - a.revenue ||
      b.orders - a.orders ||
      Number(a.key === NONE) - Number(b.key === NONE) ||
      a.key.localeCompare(b.key),
  );
}

/**
 * The orders placed in the last `days` days (by their completion) and their revenue, each order at
 * its total with VAT without the lines cancelled since; an order whose every line was cancelled is
 * not counted. Grouped by UTM source, UTM campaign, click-id platform and coupon.
 */
export async function campaignReport(
  db: Db,
  slug: string,
  { days, now = new Date() }: { days: number; now?: Date },
): Promise<CampaignReport> {
  const tenant = await tenantBySlug(db, slug);
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const placed = await db
    .select()
    .from(carts)
    .where(and(eq(carts.tenantId, tenant.id), eq(carts.status, "completed"), gte(carts.completedAt, since)))
    .orderBy(asc(carts.completedAt));
  const { taxRate } = pricingOf(tenant.settings);
  const counted: Counted[] = [];
  for (const cart of placed) {
    if (cart.completedAt! > now) continue;
    const rows = (await loadCartLines(db, tenant.id, cart.id)).filter((r) => !r.item.cancelledAt);
    if (rows.length === 0) continue;
    const { totals } = await priceCart(db, { tenantId: tenant.id, cart, rows, taxRate, locale: "en", now });
    counted.push({ utm: cart.utm, coupon: cart.couponCode, revenue: totals.totalAmount });
  }
  const revenue = counted.reduce((s, o) => s + o.revenue, 0);
  return {
    since,
    until: now,
    orders: counted.length,
    revenue,
    bySource: group(counted, (o) => o.utm?.source ?? NONE, revenue),
    byCampaign: group(counted, (o) => o.utm?.campaign ?? NONE, revenue),
    byClickPlatform: group(counted, (o) => clickPlatformOf(o.utm), revenue),
    byCoupon: group(counted, (o) => o.coupon ?? NONE, revenue),
  };
}
