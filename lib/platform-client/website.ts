import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { PlatformCallError, platformCall } from "./core";
import type { TenantRef, WebsiteConfigDto, WebsitePageDto } from "./types";

/** The tenant's public settings and its website pages (path and localized title). */
export function getWebsiteConfig(tenant: TenantRef, locale: Locale): Promise<WebsiteConfigDto> {
  return platformCall<WebsiteConfigDto>(tenant, "GET", "website/config", { locale });
}

/** A website page by path without a leading slash (e.g. "z/terms-and-conditions"); null when missing. */
export async function getWebsitePage(tenant: TenantRef, locale: Locale, path: string): Promise<WebsitePageDto | null> {
  const encoded = path.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  try {
    return await platformCall<WebsitePageDto>(tenant, "GET", `website/pages/${encoded}`, { locale });
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 404) return null;
    throw err;
  }
}
