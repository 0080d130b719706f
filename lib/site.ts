import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { tenantForSite } from "@/lib/platform-client/tenants";
import { toTenantConfig, type Locale } from "@/contract/tenant-settings";
import { setSarStyle } from "@/lib/money-server";
import { setHideDuration } from "@/lib/request-display";

export type SiteParams = { site: string; locale: string };

/**
 * The tenant, its config and the locale of the page being rendered; not found when the host
 * belongs to no tenant or the tenant does not offer the language.
 */
export const loadSite = cache(async (params: SiteParams | Promise<SiteParams>) => {
  const { site, locale } = await params;
  const tenant = await tenantForSite(decodeURIComponent(site));
  if (!tenant) notFound();
  const config = toTenantConfig(tenant.settings);
  if (!(config.languages as string[]).includes(locale)) notFound();
  setRequestLocale(locale);
  setSarStyle(config.sarStyle);
  setHideDuration(config.hideDuration);
  return { site, tenant, config, locale: locale as Locale };
});
