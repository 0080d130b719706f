import "server-only";
import { ZodError } from "zod";
import { CodedError } from "@/lib/http/coded-error";
import { PlatformCallError } from "@/lib/platform-client/core";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { ApiError, CartDto, TenantDto } from "@/lib/platform-client/types";
import { siteKeyFromHost } from "@/lib/site-routing";
import { parseLanguages, type Locale } from "@/lib/tenant-config";

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
  if (isForeignOrigin(req)) throw new BffError(403, "SP:ForbiddenOrigin", "Requests from another site are not accepted");
  const site = siteKeyFromHost(req.headers.get("host"));
  const tenant = site ? await tenantForSite(site) : null;
  if (!tenant) throw new BffError(404, "SP:TenantNotFound", "No store at this address");
  return { req, tenant, locale: localeForRequest(req, parseLanguages(tenant.settings.frontendLanguages)) };
}

/** The request's JSON body; malformed JSON is a 400 with a code, like the platform's. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.length > 100_000) throw new BffError(413, "SP:PayloadTooLarge", "The request body is too large");
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new BffError(400, "SP:MalformedJson", "The request body is not valid JSON");
  }
}

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

export function errorBody(err: unknown): { status: number; error: ApiError } {
  if (err instanceof PlatformCallError) {
    const { code, message, details } = err.error;
    return { status: err.status, error: { code, message, ...(details ? { details } : {}) } };
  }
  if (err instanceof BffError) {
    return { status: err.status, error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
  }
  if (err instanceof ZodError) {
    const details = Object.fromEntries(err.issues.map((i) => [i.path.join(".") || "body", i.message]));
    return { status: 400, error: { code: "SP:ValidationError", message: "The request is not valid", details } };
  }
  console.error("[bff] unexpected error", err);
  return { status: 500, error: { code: "SP:InternalError", message: "Something went wrong on our side" } };
}

type Handler<T, P> = (ctx: BffContext, params: P) => Promise<T>;

/** Wraps an operation as a route handler answering `{data}` or `{error}`; a Response (a file) goes out as it is. */
export function bffRoute<T, P extends Record<string, string> = Record<string, never>>(handler: Handler<T, P>) {
  return async (req: Request, segment?: { params: Promise<P> }): Promise<Response> => {
    try {
      const ctx = await resolveContext(req);
      const params = segment ? await segment.params : ({} as P);
      const data = await handler(ctx, params);
      return data instanceof Response ? data : json(200, { data });
    } catch (err) {
      const { status, error } = errorBody(err);
      return json(status, { error });
    }
  };
}

/** A cart operation as a route handler answering `{data: CartDto|null}` or `{error}`. */
export function cartRoute<P extends Record<string, string> = Record<string, never>>(handler: Handler<CartDto | null, P>) {
  return bffRoute<CartDto | null, P>(handler);
}
