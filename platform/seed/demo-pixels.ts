import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";

/**
 * The demo store's marketing pixels: plausible fake ids (the real hosts are unreachable
 * here; browser tests stub the scripts). No Snapchat id, so the skip-with-warning shows.
 */
export const SPA_PIXELS: Record<string, string> = {
  gtmId: "GTM-RIMAL01",
  metaPixelId: "104729384756102",
  tiktokPixelId: "CRIMAL0TIKTOK0DEMO01",
  clarityId: "rimal0demo",
};

/** Merged into spa's settings where missing (also on a database seeded without them); an operator's own values are kept. */
export async function seedPixelsDemo(db: Db): Promise<void> {
  // jsonb `||` keeps the right side's keys: the store's own values win over the demo's.
  await db
    .update(s.tenants)
    .set({ settings: sql`${JSON.stringify(SPA_PIXELS)}::jsonb || ${s.tenants.settings}` })
    .where(eq(s.tenants.slug, "spa"));
}
