import { buildSitemap, type SitemapPage } from "@/lib/sitemap";
import { tenantForSite } from "@/lib/platform-client/tenants";
import { platform } from "@/lib/platform-client/core";
import { toTenantConfig } from "@/contract/tenant-settings";
import { productPath } from "@/lib/site-routing";

/** GET /sitemap.xml of a store (the proxy rewrites it to /{site}/sitemap-xml). */
export async function GET(_req: Request, { params }: { params: Promise<{ site: string }> }) {
  const site = decodeURIComponent((await params).site);
  const tenant = await tenantForSite(site);
  if (!tenant)
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const config = toTenantConfig(tenant.settings);
  const [products, website] = await Promise.all([
    platform({ tenant, locale: "ar" }).catalog.list(),
    platform({ tenant, locale: "ar" }).website.config(),
  ]);
  // Home and the catalogue show the products: they changed when the latest of them did.
  const latest = products.reduce<string | null>(
    (max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max),
    null,
  );
  const pages: SitemapPage[] = [
    { path: "/", lastmod: latest },
    { path: "/products", lastmod: latest },
    ...products.map((p) => ({
      path: { ar: productPath(p.slugs, "ar"), en: productPath(p.slugs, "en") },
      lastmod: p.updatedAt,
    })),
    ...website.pages.map((p) => ({ path: `/${p.path}`, lastmod: p.updatedAt })),
  ];
  // The store's canonical host, whichever of its names was asked (one set of addresses per store).
  return new Response(buildSitemap(tenant.host, pages, config.languages), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
