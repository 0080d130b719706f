import "server-only";
import { readJsonBody } from "@/server/body";
import { envelopeResponse, errorEnvelope } from "@/server/error-envelope";
import { CodedError } from "@/contract/coded-error";
import { platform, type PlatformClient } from "@/lib/platform-client/core";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantDto } from "@/contract/dto/tenants";
import { siteKeyFromHost } from "@/lib/site-routing";
import { parseLanguages, type Locale } from "@/contract/tenant-settings";
import { IDEMPOTENCY_KEY_HEADER } from "@/contract/idempotency";

/**
 * The storefront's BFF endpoints (the cart's /api/cart/* and the session's /api/session/*) share
 * this wrapper: tenant from the Host header, locale from `?locale=` or Accept-Language, `{data}`
 * or `{error:{code,message}}` with the platform's status, and never a stack trace.
 */

export type BffContext = { req: Request; tenant: TenantDto; locale: Locale };

/** A refusal decided by the storefront itself (no tenant, foreign origin, bad body). */
export class BffError extends CodedError {
  override name = "BffError";
}

/** `?locale=` wins over Accept-Language; a language the tenant does not offer falls back to Arabic. */
export function localeForRequest(req: Request, offered: readonly Locale[]): Locale {
  const asked = new URL(req.url).searchParams.get("locale");
  const header = req.headers.get("accept-language") ?? "";
  const wanted: Locale = asked === "en" || asked === "ar" ? asked : /^\s*en\b/i.test(header) ? "en" : "ar";
  return offered.includes(wanted) ? wanted : "ar";
}

/**
 * A browser sends Origin on every POST/PUT/DELETE fetch; one from another host is a cross-site
 * request riding on the shopper's cookie. Requests without Origin (curl, server code) are allowed.
 */
export function isForeignOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin || req.method === "GET" || req.method === "HEAD") return false;
  try {
    return new URL(origin).host.toLowerCase() !== (req.headers.get("host") ?? "").toLowerCase();
  } catch {
    return true;
  }
}

async function resolveContext(req: Request): Promise<BffContext> {
  if (isForeignOrigin(req))
    throw new BffError(403, "SP:ForbiddenOrigin", "Requests from another site are not accepted");
  const site = siteKeyFromHost(req.headers.get("host"));
  const tenant = site ? await tenantForSite(site) : null;
  if (!tenant) throw new BffError(404, "SP:TenantNotFound", "No store at this address");
  return { req, tenant, locale: localeForRequest(req, parseLanguages(tenant.settings.frontendLanguages)) };
}

/**
 * The platform client for this request's store and language, as the customer of `token` when
 * given. The browser's Idempotency-Key goes along, so the platform answers the shopper's intent
 * once however often it arrives; `keySuffix` tells apart a second, different step of the same
 * intent (the same add on a fresh cart after the old one turned out stale).
 */
export function platformFor(ctx: BffContext, token?: string, headers?: HeadersInit, keySuffix = ""): PlatformClient {
  const all = new Headers(headers);
  const key = ctx.req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key && !all.has(IDEMPOTENCY_KEY_HEADER)) all.set(IDEMPOTENCY_KEY_HEADER, `${key}${keySuffix}`);
  return platform({ tenant: ctx.tenant, locale: ctx.locale, token, headers: all });
}

/** The request's JSON body, read as a stream and cut at its limit; malformed JSON is a 400 with a code, like the platform's. */
export const readJson = readJsonBody;

type Handler<T, P> = (ctx: BffContext, params: P) => Promise<T>;

/** Wraps an operation as a route handler answering `{data}` or `{error}`; a Response (a file) goes out as it is. */
export function bffRoute<T, P extends Record<string, string> = Record<string, never>>(handler: Handler<T, P>) {
  return async (req: Request, segment?: { params: Promise<P> }): Promise<Response> => {
    try {
      const ctx = await resolveContext(req);
      const params = segment ? await segment.params : ({} as P);
      const data = await handler(ctx, params);
      return data instanceof Response ? data : envelopeResponse(200, { data });
    } catch (err) {
      const { status, error } = errorEnvelope(err, "bff");
      return envelopeResponse(status, { error });
    }
  };
}

/** A cart operation as a route handler answering `{data: CartDto|null}` or `{error}`. */
export function cartRoute<P extends Record<string, string> = Record<string, never>>(
  handler: Handler<CartDto | null, P>,
) {
  return bffRoute<CartDto | null, P>(handler);
}
