import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";

/**
 * The demo stores' marketing pixels: plausible fake ids (the real hosts are unreachable here;
 * browser tests stub the scripts). Spa has no Snapchat id, so the skip-with-warning shows; the
 * coffee roastery advertises on Snapchat alone, so its quick checkout's events reach a pixel too.
 */
export const SPA_PIXELS: Record<string, string> = {
  gtmId: "GTM-RIMAL01",
  metaPixelId: "104729384756102",
  tiktokPixelId: "CRIMAL0TIKTOK0DEMO01",
  clarityId: "rimal0demo",
};

export const COFFEE_PIXELS: Record<string, string> = {
  snapchatPixelId: "5b1f3c2e-7a4d-4e8b-9c61-2f0d8a7e4b13",
};

/** Merged into the stores' settings where missing (also on a database seeded without them); an operator's own values are kept. */
export async function seedPixelsDemo(db: Db): Promise<void> {
  for (const [slug, pixels] of [
    ["spa", SPA_PIXELS],
    ["coffee", COFFEE_PIXELS],
  ] as const) {
    // jsonb `||` keeps the right side's keys: the store's own values win over the demo's.
    await db
      .update(s.tenants)
      .set({ settings: sql`${JSON.stringify(pixels)}::jsonb || ${s.tenants.settings}` })
      .where(eq(s.tenants.slug, slug));
  }
}
