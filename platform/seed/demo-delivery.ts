import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";

/** Coffee delivers within 30 km of its roastery for 15 SAR (before VAT), free from 150 SAR, and offers pickup there. */
export const COFFEE_FULFILMENT: Record<string, string> = {
  deliveryEnabled: "True",
  pickupEnabled: "True",
  deliveryFee: "15",
  deliveryFreeAbove: "150",
  deliveryRadiusKm: "30",
};

/** Spa's merchandise is collected at a branch only. */
export const SPA_FULFILMENT: Record<string, string> = { pickupEnabled: "True" };

/** Bunn's one roastery, where orders are collected and delivery distances are measured from. */
export const COFFEE_ROASTERY = {
  nameAr: "محمصة بُن — الروضة",
  nameEn: "Bunn Roastery — Al Rawdah",
  addressAr: "شارع التحلية، حي الروضة، جدة",
  addressEn: "Tahlia Street, Al Rawdah, Jeddah",
  latitude: 21.5568,
  longitude: 39.1567,
  phone: "+966 12 345 6789",
};

/**
 * Merged into the demo stores' settings where missing (also on a database seeded without them; an
 * operator's own values win), and the roastery added when coffee has no branch yet.
 */
export async function seedDeliveryDemo(db: Db): Promise<void> {
  for (const [slug, settings] of [
    ["coffee", COFFEE_FULFILMENT],
    ["spa", SPA_FULFILMENT],
  ] as const) {
    await db
      .update(s.tenants)
      .set({ settings: sql`${JSON.stringify(settings)}::jsonb || ${s.tenants.settings}` })
      .where(eq(s.tenants.slug, slug));
  }
  const [coffee] = await db.select({ id: s.tenants.id }).from(s.tenants).where(eq(s.tenants.slug, "coffee"));
  if (!coffee) return;
  const [branch] = await db
    .select({ id: s.branches.id })
    .from(s.branches)
    .where(eq(s.branches.tenantId, coffee.id))
    .limit(1);
  if (!branch) await db.insert(s.branches).values({ tenantId: coffee.id, ...COFFEE_ROASTERY, sortOrder: 1 });
}
