import { errorResponse } from "@/server/error-envelope";
import { env } from "@/server/env";
import { CodedError } from "@/contract/coded-error";
import { siteKeyFromHost } from "@/lib/site-routing";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { TenantRef } from "@/contract/dto/tenants";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path: string[] }> };

const tenantNotFound = () => new CodedError(404, "SP:TenantNotFound", "No store at this address");

/**
 * The tenant of a request: from its host for a browser; on a platform-only host (server-to-server)
 * from the `__tenant` header, or none for the operator's tenant-less calls.
 */
async function requestTenant(req: Request, site: string, platformHost: boolean): Promise<TenantRef | null> {
  if (platformHost) {
    const id = req.headers.get("__tenant");
    if (id === null) return null;
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
async function forward(req: Request, path: string, tenant: TenantRef | null, base: string) {
  const url = new URL(`api/app/${path}${new URL(req.url).search}`, base);
  const headers = new Headers();
  for (const h of ["content-type", "accept-language", "authorization"]) {
    const v = req.headers.get(h);
    if (v) headers.set(h, v);
  }
  if (tenant) headers.set("__tenant", tenant.id);
  // The shopper's address (Next's server appends it last) for the platform's per-IP limits.
  const clientIp = req.headers.get("x-forwarded-for")?.split(",").pop()?.trim();
  if (clientIp) headers.set("x-forwarded-for", clientIp);
  // The body streams through: the platform behind applies its own limits.
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : req.body;
  const res = await fetch(url, { method: req.method, headers, body, cache: "no-store", duplex: "half" } as RequestInit);
  return new Response(res.body, {
    status: res.status,
    headers: { "content-type": res.headers.get("content-type") ?? "application/json", "cache-control": "no-store" },
  });
}

/** The platform API (spec §7): tenant from the request's host, never from the browser. */
async function serve(req: Request, { params }: Params) {
  try {
    const site = siteKeyFromHost(req.headers.get("host"));
    if (!site) throw tenantNotFound();
    const path = (await params).path.join("/");
    const e = env();
    const platformHost = e.PLATFORM_HOSTS.includes(site);
    const tenant = await requestTenant(req, site, platformHost);
    if (e.PLATFORM_API_URL) return await forward(req, path, tenant, e.PLATFORM_API_URL);
    const [{ handlePlatformRequest }, { platformDb }] = await Promise.all([
      import("@/platform/api"),
      import("@/platform/db"),
    ]);
    return await handlePlatformRequest(req, path, tenant, (await platformDb()).db, { trusted: platformHost });
  } catch (err) {
    return errorResponse(err, "platform");
  }
}

export { serve as GET, serve as POST, serve as PUT, serve as DELETE, serve as PATCH };
