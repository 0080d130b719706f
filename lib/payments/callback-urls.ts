import { localePath } from "@/lib/site-routing";

/**
 * Where a provider sends the shopper back (spec §2 done route), built by the storefront from the
 * request itself, never from the browser's body: the platform allows only the tenant's own hosts anyway.
 */

/**
 * The origin the shopper's browser reached: its Host header, with the configured scheme
 * (PUBLIC_URL_SCHEME), else the one a proxy reports (x-forwarded-proto), else the request URL's own.
 */
export function requestOrigin(req: Pick<Request, "url" | "headers">, schemeOverride?: "http" | "https"): string {
  const url = new URL(req.url);
  const host = req.headers.get("host")?.trim() || url.host;
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const scheme =
    schemeOverride ?? (forwarded === "http" || forwarded === "https" ? forwarded : url.protocol.replace(":", ""));
  return `${scheme}://${host}`;
}

/** The order's done page: `{origin}[/en]/checkout/done/{cartId}`. */
export function doneUrl(origin: string, locale: string, cartId: string): string {
  return `${origin}${localePath(locale, `/checkout/done/${encodeURIComponent(cartId)}`)}`;
}
