import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { SPA_PIXELS } from "./demo-pixels";

/**
 * The spa's server credentials for the four ad platforms, against this app's sandbox
 * (/sandbox/conversions): each order of a consenting shopper sends its Purchase there, where the
 * demo and the browser tests read it. Meta's and TikTok's ids are the store's pixels'.
 */
export const SPA_CONVERSIONS: Record<s.ConversionPlatform, { pixelId: string; accessToken: string }> = {
  meta: { pixelId: SPA_PIXELS.metaPixelId, accessToken: "EAAG_sandbox_rimal_conversions" },
  tiktok: { pixelId: SPA_PIXELS.tiktokPixelId, accessToken: "tt_sandbox_rimal_events_token" },
  snap: { pixelId: "5b7c3f1e-2d4a-4e8b-9c6d-1a2b3c4d5e6f", accessToken: "snap_sandbox_rimal_capi_token" },
  ga4: { pixelId: "G-RIMAL0DEMO", accessToken: "ga4_sandbox_rimal_secret" },
};

/** Written where missing (also on a database seeded without them); an operator's own credentials are kept. */
export async function seedConversionsDemo(db: Db): Promise<void> {
  const [spa] = await db.select({ id: s.tenants.id }).from(s.tenants).where(eq(s.tenants.slug, "spa")).limit(1);
  if (!spa) return;
  await db
    .insert(s.tenantConversions)
    .values(
      s.CONVERSION_PLATFORMS.map((platform) => ({
        tenantId: spa.id,
        platform,
        ...SPA_CONVERSIONS[platform],
        baseUrl: "sandbox",
      })),
    )
    .onConflictDoNothing();
}
