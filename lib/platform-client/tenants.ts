import "server-only";
import { cache } from "react";
import type { TenantDto } from "@/contract/dto/tenants";
import { orNull, platform } from "./core";

type Entry = { value: TenantDto | null; expires: number };
const TTL_MS = 30_000;
const globalCache = globalThis as unknown as { __tenantBySite?: Map<string, Entry> };
const memo = (globalCache.__tenantBySite ??= new Map());

/** Host → tenant through the contract's operator call (in-process when embedded, else over HTTP). */
function load(site: string): Promise<TenantDto | null> {
  return orNull(platform({ tenant: null }).tenants.resolve({ query: { host: site } }));
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
