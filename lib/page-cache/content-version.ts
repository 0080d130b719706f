import "server-only";
import { orNull, platform } from "@/lib/platform-client/core";
import { clearTenantCache, tenantForSite } from "@/lib/platform-client/tenants";
import { processSingleton } from "@/server/process-channels.mjs";
import { NO_STORE } from "./policy";

/** The last version seen per store: a change means its settings may have changed too. Bounded by the number of stores. */
const lastSeen = processSingleton("contentVersionsSeen", () => new Map<string, string>());

/**
 * A site's content version through the contract (in-process when the platform is embedded, over
 * HTTP with PLATFORM_API_URL), or NO_STORE for a site that is no store. A new version also drops
 * the cached tenants: settings changed on another instance or by the operator CLI must not be
 * rendered from the old ones.
 */
export async function askContentVersion(site: string): Promise<string> {
  const tenant = await tenantForSite(site);
  if (!tenant) return NO_STORE;
  const answer = await orNull(platform({ tenant: null }).tenants.contentVersion({ params: { id: tenant.id } }));
  if (!answer) return NO_STORE;
  if (lastSeen.has(site) && lastSeen.get(site) !== answer.version) clearTenantCache();
  lastSeen.set(site, answer.version);
  return answer.version;
}
