import { localePath } from "@/lib/site-routing";

/**
 * Where a provider sends the shopper back (spec §2 done route), built by the BFF from the request
 * itself, never from the browser's body: the platform allows only the tenant's own hosts anyway.
 */

export type PayLaterProvider = "tabby" | "tamara";

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

/** Tabby and Tamara return to the done page naming themselves, with how the shopper left (spec §2). */
export function payLaterUrls(origin: string, locale: string, cartId: string, provider: PayLaterProvider) {
  const base = `${doneUrl(origin, locale, cartId)}?payment_method=${provider}`;
  return { success_url: base, cancel_url: `${base}&status=cancel`, failure_url: `${base}&status=failure` };
}

/** MyFatoorah returns to one address on success and another on error; both settle on the done page. */
export function cardCallbackUrls(origin: string, locale: string, cartId: string) {
  const done = doneUrl(origin, locale, cartId);
  return { callbackUrl: done, errorCallbackUrl: done };
}
