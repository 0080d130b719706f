import "server-only";
import { env } from "@/server/env";
import type { Db } from "../db/client";
import { PlatformError } from "../errors";
import { siteOriginOf } from "@/server/site-origin";
import { hostOptions, resolveTenantByHost } from "../services/tenants";

/**
 * Where a provider sends the shopper back (callback, error, success, cancel and failure URLs): only
 * to this store's own origin — one of its host names with exactly the scheme and port the store is
 * served on (server/site-origin.ts: https on the default port, or http on this server's PORT for
 * local hosts) — never an address a caller chose to phish with, nor another service on the same host.
 */

const invalid = (field: string) =>
  new PlatformError("SP:InvalidCallbackUrl", 400, "The return address must be on this store's own site", { field });

/** Checks every named URL (absent ones are the caller's schema's business) and answers them parsed. */
export async function checkCallbackUrls<K extends string>(
  db: Db,
  tenantId: string,
  urls: Record<K, string>,
): Promise<Record<K, URL>> {
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
    if (url.username || url.password || url.origin !== siteOriginOf(url.hostname, e)) throw invalid(field);
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    if (!hosts.has(host)) {
      const tenant = await resolveTenantByHost(db, host, hostOptions(e));
      hosts.set(host, tenant?.id === tenantId);
    }
    if (!hosts.get(host)) throw invalid(field);
    checked[field] = url;
  }
  return checked;
}
