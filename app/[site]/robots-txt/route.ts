import { siteOrigin } from "@/lib/seo";
import { tenantForSite } from "@/lib/platform-client/tenants";

/** GET /robots.txt of a store (the proxy rewrites it to /{site}/robots-txt): everything public may be crawled; the API, checkout and profile may not. */
export async function GET(_req: Request, { params }: { params: Promise<{ site: string }> }) {
  const site = decodeURIComponent((await params).site);
  const tenant = await tenantForSite(site);
  if (!tenant)
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /checkout/",
    "Disallow: /en/checkout/",
    "Disallow: /profile/",
    "Disallow: /en/profile/",
    "Disallow: /sandbox/",
    "",
    `Sitemap: ${siteOrigin(tenant.host)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
