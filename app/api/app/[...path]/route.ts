import { handlePlatformRequest, errorResponse } from "@/platform/api";
import { PlatformError } from "@/platform/errors";
import { env } from "@/lib/env";
import { siteKeyFromHost } from "@/lib/site-routing";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { TenantRef } from "@/lib/platform-client/types";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path: string[] }> };

const tenantNotFound = () => new PlatformError("SP:TenantNotFound", 404, "No store at this address");

/** The tenant of a request: from its host, or from `__tenant` on a platform-only host (server-to-server). */
async function requestTenant(req: Request, site: string): Promise<TenantRef> {
  if (env().PLATFORM_HOSTS.includes(site)) {
    const id = req.headers.get("__tenant") ?? "";
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw tenantNotFound();
    const { platformDb } = await import("@/platform/db");
    const { getTenantById } = await import("@/platform/services/tenants");
    const row = await getTenantById((await platformDb()).db, id);
    if (!row) throw tenantNotFound();
    return row;
  }
  const tenant = await tenantForSite(site);
  if (!tenant) throw tenantNotFound();
  return tenant;
}

/** With PLATFORM_API_URL the browser's platform calls are passed on to the external platform. */
async function forward(req: Request, path: string, tenant: TenantRef, base: string) {
  const url = new URL(`api/app/${path}${new URL(req.url).search}`, base);
  const headers = new Headers();
  for (const h of ["content-type", "accept-language", "authorization"]) {
    const v = req.headers.get(h);
    if (v) headers.set(h, v);
  }
  headers.set("__tenant", tenant.id);
  // The shopper's address (Next's server appends it last) for the platform's per-IP limits.
  const clientIp = req.headers.get("x-forwarded-for")?.split(",").pop()?.trim();
  if (clientIp) headers.set("x-forwarded-for", clientIp);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
  const res = await fetch(url, { method: req.method, headers, body, cache: "no-store" });
  return new Response(res.body, { status: res.status, headers: { "content-type": res.headers.get("content-type") ?? "application/json", "cache-control": "no-store" } });
}

/** The platform API (spec §7): tenant from the request's host, never from the browser. */
async function serve(req: Request, { params }: Params) {
  try {
    const site = siteKeyFromHost(req.headers.get("host"));
    if (!site) throw tenantNotFound();
    const path = (await params).path.join("/");
    const e = env();
    if (path === "tenants/resolve" && e.PLATFORM_HOSTS.includes(site) && !e.PLATFORM_API_URL) {
      const { resolveTenantRoute } = await import("@/platform/api/tenant-resolve");
      return await resolveTenantRoute(req);
    }
    const tenant = await requestTenant(req, site);
    if (e.PLATFORM_API_URL) return await forward(req, path, tenant, e.PLATFORM_API_URL);
    const { platformDb } = await import("@/platform/db");
    return await handlePlatformRequest(req, path, tenant, (await platformDb()).db);
  } catch (err) {
    return errorResponse(err);
  }
}

export { serve as GET, serve as POST, serve as PUT, serve as DELETE, serve as PATCH };
