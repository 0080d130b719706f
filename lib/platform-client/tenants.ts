import "server-only";
import { cache } from "react";
import { env } from "@/lib/env";
import type { TenantDto } from "./types";

type Entry = { value: TenantDto | null; expires: number };
const TTL_MS = 30_000;
const globalCache = globalThis as unknown as { __tenantBySite?: Map<string, Entry> };
const memo = (globalCache.__tenantBySite ??= new Map());

async function load(site: string): Promise<TenantDto | null> {
  const e = env();
  if (e.PLATFORM_API_URL) {
    const res = await fetch(new URL(`api/app/tenants/resolve?host=${encodeURIComponent(site)}`, e.PLATFORM_API_URL), { cache: "no-store" });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Tenant lookup failed with ${res.status}`);
    return ((await res.json()) as { data: TenantDto }).data;
  }
  const [{ platformDb }, { resolveTenantByHost }, accounts] = await Promise.all([
    import("@/platform/db"),
    import("@/platform/services/tenants"),
    import("@/platform/providers/accounts"),
  ]);
  const { db } = await platformDb();
  const row = await resolveTenantByHost(db, site, { baseDomain: e.BASE_DOMAIN, defaultSlug: e.DEFAULT_TENANT });
  if (!row) return null;
  const payments = accounts.publicPaymentEndpoints(await accounts.loadPaymentAccounts(db, row.id), row.settings.onlinePaymentProvider, e.SANDBOX);
  return { id: row.id, slug: row.slug, name: row.name, settings: row.settings, payments };
}

/** The tenant a site key (host name) belongs to, or null. Cached for 30 s per process. */
export const tenantForSite = cache(async (site: string): Promise<TenantDto | null> => {
  const hit = memo.get(site);
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = await load(site);
  memo.set(site, { value, expires: Date.now() + TTL_MS });
  return value;
});

/** Forget cached tenants (after settings change, and in tests). */
export function clearTenantCache() {
  memo.clear();
}
