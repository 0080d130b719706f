import { orNull, platform } from "@/lib/platform-client/core";
import { tenantForSite } from "@/lib/platform-client/tenants";
import { siteKeyFromHost } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/** Apple Pay's domain check for the store at this host: the file the store's Apple Pay provider account holds (public). */
export async function GET(req: Request): Promise<Response> {
  const site = siteKeyFromHost(req.headers.get("host"));
  const tenant = site ? await tenantForSite(site) : null;
  if (!tenant) return notFound();
  const res = await orNull(platform({ tenant }).payments.applePayDomainAssociation());
  if (!res) return notFound();
  return new Response(await res.text(), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
