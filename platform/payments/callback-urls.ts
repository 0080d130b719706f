import "server-only";
import { env } from "@/contract/env";
import type { Db } from "../db/client";
import { PlatformError } from "../errors";
import { resolveTenantByHost } from "../services/tenants";

/**
 * Where a provider sends the shopper back (callback, error, success, cancel and failure URLs): only
 * to this store's own hosts, over http(s) — never an address a caller chose to phish with.
 */

const invalid = (field: string) => new PlatformError("SP:InvalidCallbackUrl", 400, "The return address must be on this store's own site", { field });

/** Checks every named URL (absent ones are the caller's schema's business) and answers them parsed. */
export async function checkCallbackUrls<K extends string>(db: Db, tenantId: string, urls: Record<K, string>): Promise<Record<K, URL>> {
  const e = env();
  const hosts = new Map<string, boolean>();
  const checked = {} as Record<K, URL>;
  for (const [field, text] of Object.entries(urls) as [K, string][]) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw invalid(field);
    }
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) throw invalid(field);
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    if (!hosts.has(host)) {
      const tenant = await resolveTenantByHost(db, host, { baseDomain: e.BASE_DOMAIN, defaultSlug: e.DEFAULT_TENANT });
      hosts.set(host, tenant?.id === tenantId);
    }
    if (!hosts.get(host)) throw invalid(field);
    checked[field] = url;
  }
  return checked;
}
