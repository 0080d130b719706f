import "server-only";
import { cache } from "react";
import { LRUCache } from "lru-cache";
import type { TenantDto } from "@/contract/dto/tenants";
import { processSingleton } from "@/server/process-channels.mjs";
import { orNull, platform } from "./core";

/**
 * Host → tenant, remembered per process: a store's for 30 s, and a host that names no store in a
 * small negative cache of its own (10 s). Both bounded by entries, so made-up Host names (a
 * scanner's, an attacker's) cost a few hundred entries at most and never push out the real stores.
 */
const TTL_MS = 30_000;
const UNKNOWN_TTL_MS = 10_000;
type Caches = { known: LRUCache<string, TenantDto>; unknown: LRUCache<string, true> };
const caches: Caches = processSingleton("tenantBySite", () => ({
  known: new LRUCache<string, TenantDto>({ max: 1000, ttl: TTL_MS }),
  unknown: new LRUCache<string, true>({ max: 256, ttl: UNKNOWN_TTL_MS }),
}));

/** Host → tenant through the contract's operator call (in-process when embedded, else over HTTP). */
function load(site: string): Promise<TenantDto | null> {
  return orNull(platform({ tenant: null }).tenants.resolve({ query: { host: site } }));
}

/** The tenant a site key (host name) belongs to, or null. */
export const tenantForSite = cache(async (site: string): Promise<TenantDto | null> => {
  const hit = caches.known.get(site);
  if (hit) return hit;
  if (caches.unknown.get(site)) return null;
  const value = await load(site);
  if (value) caches.known.set(site, value);
  else caches.unknown.set(site, true);
  return value;
});

/** Forget cached tenants (after settings change, and in tests). */
export function clearTenantCache() {
  caches.known.clear();
  caches.unknown.clear();
}

/** How many hosts are remembered (for the memory tests). */
export function tenantCacheSize() {
  return { known: caches.known.size, unknown: caches.unknown.size };
}
