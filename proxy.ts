import { NextResponse, type NextRequest } from "next/server";
import { siteKeyFromHost, splitLocale } from "@/lib/site-routing";

// Hosts that serve only the platform API to other servers have no storefront pages.
const platformHosts = new Set((process.env.PLATFORM_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean));

/**
 * Host → site, path → locale. Pages live under /{site}/{locale}/…, so every tenant and language
 * has its own cacheable paths. The site key is resolved to a tenant (custom domain, then
 * <slug>.<base domain>, then the default tenant) in the [site] layout through the platform client,
 * which is cached; an unknown host renders the 404 page there.
 */
export function proxy(request: NextRequest) {
  const site = siteKeyFromHost(request.headers.get("host"));
  if (!site) return new NextResponse("Bad host", { status: 400 });
  if (platformHosts.has(site)) return new NextResponse("Not found", { status: 404 });
  const { pathname, search } = request.nextUrl;
  // One sitemap and one robots.txt per store, whatever the language: served by
  // app/[site]/sitemap-xml and app/[site]/robots-txt (names Next does not treat as metadata files).
  if (pathname === "/sitemap.xml" || pathname === "/robots.txt") {
    const url = request.nextUrl.clone();
    url.pathname = `/${site}${pathname === "/sitemap.xml" ? "/sitemap-xml" : "/robots-txt"}`;
    return NextResponse.rewrite(url);
  }
  const { locale, rest, redirectTo } = splitLocale(pathname);
  if (redirectTo) {
    const url = request.nextUrl.clone();
    url.pathname = redirectTo;
    return NextResponse.redirect(url, 308);
  }
  const url = request.nextUrl.clone();
  url.pathname = `/${site}/${locale}${rest}`;
  url.search = search;
  return NextResponse.rewrite(url);
}

export const config = {
  // Everything but the API, the sandboxes, Next's own files, /.well-known/ (Apple Pay's domain check) and static files with an extension.
  matcher: ["/((?!api/|sandbox/|_next/|demo/|\\.well-known/|favicon\\.ico|.*\\.[a-z0-9]+$).*)", "/sitemap.xml", "/robots.txt"],
};
