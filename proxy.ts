import { NextResponse, type NextRequest } from "next/server";
import { pageCacheKey } from "@/lib/page-cache/policy";
import {
  cachedPage,
  fillSite,
  installFastPage,
  pageCache,
  pageCacheEnabled,
  respondWithPage,
} from "@/lib/page-cache/serve";
import { newNonce, pagePolicy } from "@/lib/security/csp";
import { tenantForSite } from "@/lib/platform-client/tenants";
import { localePath, siteKeyFromHost, splitLocale } from "@/lib/site-routing";
import { parseLanguages, type Locale } from "@/contract/tenant-settings";

// Hosts that serve only the platform API to other servers have no storefront pages.
const platformHosts = new Set(
  (process.env.PLATFORM_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

// Fresh hits of the page cache are answered ahead of Next from here on (scripts/request-guard.mjs).
installFastPage((site) => platformHosts.has(site));

/**
 * The languages of the store at `site`; null for a host that names no store (its 404 page is the
 * layout's), and when the store cannot be read now: the page then meets the same outage and says so.
 */
async function languagesOf(site: string): Promise<Locale[] | null> {
  const tenant = await tenantForSite(site).catch(() => null);
  return tenant ? parseLanguages(tenant.settings.frontendLanguages) : null;
}

/**
 * Host → site, path → locale. Pages live under /{site}/{locale}/…, so every tenant and language
 * has its own paths. The site key is resolved to a tenant (custom domain, then <slug>.<base
 * domain>, then the default tenant) in the [site] layout through the platform client, which is
 * cached; an unknown host renders the 404 page there.
 *
 * Pages every visitor sees alike are answered from the page cache (lib/page-cache/serve.ts);
 * every other page is rendered by Next with a fresh CSP nonce, which Next puts on its scripts.
 */
export async function proxy(request: NextRequest) {
  const filling = fillSite(request);
  const site = filling ?? siteKeyFromHost(request.headers.get("host"));
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
  // A language the store does not offer (frontendLanguages): the same page in its first language.
  // Temporary, as the store may offer it later.
  const offered = filling ? null : await languagesOf(site);
  if (offered && !offered.includes(locale)) {
    const url = request.nextUrl.clone();
    url.pathname = localePath(offered[0], rest || "/");
    return NextResponse.redirect(url, 307);
  }

  const key =
    filling || !pageCacheEnabled()
      ? null
      : pageCacheKey(site, locale, rest, {
          method: request.method,
          headers: request.headers,
          searchParams: request.nextUrl.searchParams,
        });
  if (key) {
    const cached = await cachedPage(key, site, pathname);
    if (cached) return respondWithPage(cached.page, request.method, cached.state);
  }

  const url = request.nextUrl.clone();
  url.pathname = `/${site}/${locale}${rest}`;
  url.search = search;
  // A fill renders with the placeholder nonce, replaced per response when served from the cache.
  const nonce = filling ? pageCache().placeholder : newNonce();
  const csp = pagePolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  headers.set("x-nonce", nonce);
  const response = NextResponse.rewrite(url, { request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  // Everything but the API, the sandboxes, Next's own files, /.well-known/ (Apple Pay's domain check) and static files with an extension.
  matcher: [
    "/((?!api/|sandbox/|_next/|demo/|\\.well-known/|favicon\\.ico|.*\\.[a-z0-9]+$).*)",
    "/sitemap.xml",
    "/robots.txt",
  ],
};
