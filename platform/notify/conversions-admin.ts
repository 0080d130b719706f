import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { CONVERSION_PLATFORMS, tenantConversions, type ConversionPlatform } from "../db/schema";
import { PlatformError } from "../errors";
import { maskSecret } from "../services/tenant-admin-payments";
import { tenantBySlug } from "../services/tenant-admin";
import { toTenantConfig, type SettingsMap } from "@/contract/tenant-settings";

// The operator's side of a tenant's ad platforms' server credentials
// (`npm run tenant -- conversions <slug> --file conversions.json`): the file is checked whole before
// anything is written; the tokens are kept server side and shown masked, like the WhatsApp sender's.

type Issue = { key: string; message: string };

/** Each platform's id as its dashboard shows it, and what its token is called there. */
const ID_RULES: Record<ConversionPlatform, { pattern: RegExp; id: string; token: string }> = {
  meta: { pattern: /^\d{5,20}$/, id: "the Meta pixel id (digits)", token: "the Conversions API access token" },
  tiktok: { pattern: /^[A-Z0-9]{10,30}$/, id: "the TikTok pixel code (C…)", token: "the Events API access token" },
  snap: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    id: "the Snap pixel id (a UUID)",
    token: "the Conversions API token",
  },
  ga4: {
    pattern: /^G-[A-Z0-9]{4,20}$/,
    id: "the GA4 measurement id (G-…)",
    token: "the Measurement Protocol api_secret",
  },
};

export type ConversionsInput = Partial<Record<ConversionPlatform, { pixelId?: string; accessToken: string }>>;

/**
 * The file's problems, one per key (empty when it can be written). `metaPixelId`: the tenant's
 * setting, Meta's pixel id when the file gives none.
 */
export function conversionsIssues(input: unknown, metaPixelId: string | null = null): Issue[] {
  const issues: Issue[] = [];
  if (!input || typeof input !== "object" || Array.isArray(input))
    return [
      { key: "(file)", message: `an object: platform (${CONVERSION_PLATFORMS.join(", ")}) → {pixelId, accessToken}` },
    ];
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) issues.push({ key: "(file)", message: "at least one platform" });
  for (const [platform, v] of entries) {
    const rule = ID_RULES[platform as ConversionPlatform];
    if (!rule) {
      issues.push({ key: platform, message: `not a platform (${CONVERSION_PLATFORMS.join(", ")})` });
      continue;
    }
    const cfg = (v ?? {}) as { pixelId?: unknown; accessToken?: unknown };
    const pixelId = cfg.pixelId ?? (platform === "meta" ? metaPixelId : undefined);
    if (typeof pixelId !== "string" || !rule.pattern.test(pixelId))
      issues.push({ key: `${platform}.pixelId`, message: rule.id });
    if (typeof cfg.accessToken !== "string" || !/^\S{10,500}$/.test(cfg.accessToken.trim()))
      issues.push({ key: `${platform}.accessToken`, message: rule.token });
  }
  return issues;
}

async function tenantOf(db: Db, slug: string) {
  const tenant = await tenantBySlug(db, slug);
  const metaPixelId = (tenant.settings as Record<string, string | undefined>).metaPixelId?.trim() || null;
  return { tenant, metaPixelId };
}

/**
 * Sets (or replaces) the file's platforms; the others the tenant has stay. `baseUrl`: null for the
 * platforms' own APIs, "sandbox", or a URL.
 */
export async function setConversions(
  db: Db,
  slug: string,
  input: unknown,
  baseUrl: string | null,
): Promise<{ platforms: ConversionPlatform[]; noShopperAsked: boolean }> {
  const { tenant, metaPixelId } = await tenantOf(db, slug);
  const issues = conversionsIssues(input, metaPixelId);
  if (issues.length > 0)
    throw new PlatformError("SP:ValidationError", 400, "The conversions file is not valid", { issues });
  const platforms = Object.keys(input as object) as ConversionPlatform[];
  await db.transaction(async (tx) => {
    for (const platform of platforms) {
      const cfg = (input as ConversionsInput)[platform]!;
      const row = {
        pixelId: cfg.pixelId ?? metaPixelId!,
        accessToken: cfg.accessToken.trim(),
        baseUrl,
        updatedAt: new Date(),
      };
      await tx
        .insert(tenantConversions)
        .values({ tenantId: tenant.id, platform, ...row })
        .onConflictDoUpdate({ target: [tenantConversions.tenantId, tenantConversions.platform], set: row });
    }
  });
  return { platforms, noShopperAsked: noShopperAsked(tenant.settings) };
}

/**
 * Whether the store's shoppers can never accept tracking: it asks first (the banner is on) but shows
 * the banner only with a browser pixel, and has none. Its server events would then never be sent.
 */
export function noShopperAsked(settings: SettingsMap): boolean {
  const { askConsent, pixels } = toTenantConfig(settings);
  return askConsent && Object.values(pixels).every((id) => id === null);
}

/** Removes one platform: its orders' Purchases are no longer sent from the server. */
export async function removeConversion(db: Db, slug: string, platform: string): Promise<boolean> {
  if (!(CONVERSION_PLATFORMS as readonly string[]).includes(platform))
    throw new PlatformError("SP:ValidationError", 400, `Not a platform (${CONVERSION_PLATFORMS.join(", ")})`);
  const { tenant } = await tenantOf(db, slug);
  const rows = await db
    .delete(tenantConversions)
    .where(
      and(eq(tenantConversions.tenantId, tenant.id), eq(tenantConversions.platform, platform as ConversionPlatform)),
    )
    .returning({ platform: tenantConversions.platform });
  return rows.length > 0;
}

/** The platforms as an operator may see them: the tokens masked. */
export async function describeConversions(db: Db, slug: string) {
  const { tenant } = await tenantOf(db, slug);
  const rows = await db.select().from(tenantConversions).where(eq(tenantConversions.tenantId, tenant.id));
  return rows
    .sort((a, b) => CONVERSION_PLATFORMS.indexOf(a.platform) - CONVERSION_PLATFORMS.indexOf(b.platform))
    .map((r) => ({
      platform: r.platform,
      pixelId: r.pixelId,
      accessToken: maskSecret(r.accessToken),
      api: r.baseUrl ?? "live",
    }));
}
