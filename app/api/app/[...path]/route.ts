import { handlePlatformRequest, errorResponse } from "@/platform/api";
import { platformDb } from "@/platform/db";
import { PlatformError } from "@/platform/errors";
import { siteKeyFromHost } from "@/lib/site-routing";
import { tenantForSite } from "@/lib/platform-client/tenants";

export const dynamic = "force-dynamic";

/** The embedded platform API (spec §7): tenant from the request's host, never from the browser. */
async function serve(req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  try {
    const site = siteKeyFromHost(req.headers.get("host"));
    const tenantDto = site ? await tenantForSite(site) : null;
    if (!tenantDto) throw new PlatformError("SP:TenantNotFound", 404, "No store at this address");
    const { db } = await platformDb();
    const { path } = await params;
    return await handlePlatformRequest(req, path.join("/"), tenantDto, db);
  } catch (err) {
    return errorResponse(err);
  }
}

export { serve as GET, serve as POST, serve as PUT, serve as DELETE, serve as PATCH };
