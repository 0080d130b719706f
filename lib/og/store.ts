import "server-only";
import { toTenantConfig, type Locale } from "@/contract/tenant-settings";
import { tenantForSite } from "@/lib/platform-client/tenants";

/** The store a share image is drawn for, or null: an unknown host, or a language it does not offer. */
export async function shareStore(site: string, locale: string) {
  const tenant = await tenantForSite(decodeURIComponent(site));
  if (!tenant) return null;
  const config = toTenantConfig(tenant.settings);
  if (!(config.languages as string[]).includes(locale)) return null;
  return { tenant, config, storeName: config.brandName ?? tenant.name, locale: locale as Locale };
}
