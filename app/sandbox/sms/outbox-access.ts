import "server-only";
import { env } from "@/server/env";
import { siteKeyFromHost } from "@/lib/site-routing";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { TenantDto } from "@/contract/dto/tenants";
import type { Db } from "@/platform/db/client";

/**
 * The SMS sandbox's tenant (from the Host, like every page) and the embedded platform's database,
 * or null when the sandbox is not served: sandboxes off (a real deployment), an unknown host, or
 * an external platform (PLATFORM_API_URL), whose outbox lives in its own database.
 */
export async function outboxAccess(host: string | null): Promise<{ tenant: TenantDto; db: Db } | null> {
  const e = env();
  if (!e.SANDBOX || e.PLATFORM_API_URL) return null;
  const site = siteKeyFromHost(host);
  const tenant = site ? await tenantForSite(site) : null;
  if (!tenant) return null;
  const { platformDb } = await import("@/platform/db");
  return { tenant, db: (await platformDb()).db };
}
