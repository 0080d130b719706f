import { ZodError } from "zod";
import type { Db } from "../db/client";
import { PlatformError } from "../errors";
import type { TenantRow } from "../services/tenants";

export type TenantInfo = Pick<TenantRow, "id" | "slug" | "name" | "settings">;

export type Locale = "ar" | "en";

export type RouteContext = {
  req: Request;
  db: Db;
  tenant: TenantInfo;
  params: Record<string, string>;
  query: URLSearchParams;
  locale: Locale;
  /** The request's JSON body; a malformed body is a 400 with a code. */
  json: () => Promise<unknown>;
};

type Handler = (ctx: RouteContext) => Promise<unknown>;
type Route = { method: string; parts: string[]; handler: Handler };

const routes: Route[] = [];

/** Registers `METHOD path` where path segments starting with ":" are parameters (e.g. "cart/:id/items"). */
export function route(method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH", path: string, handler: Handler) {
  const parts = path.split("/").filter(Boolean);
  // A registration for the same method and path replaces the old one: in development an edited
  // routes module runs again against this same array, and the first match must be the new handler.
  const existing = routes.findIndex((r) => r.method === method && r.parts.join("/") === parts.join("/"));
  if (existing >= 0) routes[existing] = { method, parts, handler };
  else routes.push({ method, parts, handler });
}

/** Every registered route as METHOD and path pattern (":name" parameters): suites that must cover each route enumerate them here. */
export function registeredRoutes(): { method: string; path: string }[] {
  return routes.map((r) => ({ method: r.method, path: r.parts.join("/") }));
}

function match(method: string, segments: string[]): { route: Route; params: Record<string, string> } | { methodMismatch: true } | null {
  let methodMismatch = false;
  for (const r of routes) {
    if (r.parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = r.parts.every((p, i) => {
      if (p.startsWith(":")) {
        params[p.slice(1)] = segments[i];
        return true;
      }
      return p === segments[i];
    });
    if (!ok) continue;
    if (r.method !== method) {
      methodMismatch = true;
      continue;
    }
    return { route: r, params };
  }
  return methodMismatch ? { methodMismatch: true } : null;
}

export function localeFrom(req: Request): Locale {
  const h = req.headers.get("accept-language") ?? "";
  return /^\s*en\b/i.test(h) ? "en" : "ar";
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

export function errorResponse(err: unknown): Response {
  if (err instanceof PlatformError) return json(err.status, { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
  if (err instanceof ZodError) {
    const details = Object.fromEntries(err.issues.map((i) => [i.path.join(".") || "body", i.message]));
    return json(400, { error: { code: "SP:ValidationError", message: "The request is not valid", details } });
  }
  console.error("[platform] unexpected error", err);
  return json(500, { error: { code: "SP:InternalError", message: "Something went wrong on our side" } });
}

/** NUL and lone surrogates: text PostgreSQL cannot store or compare. */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Serves one platform API request for a resolved tenant. `pathname` is what follows /api/app/. */
export async function handlePlatformRequest(req: Request, pathname: string, tenant: TenantInfo, db: Db): Promise<Response> {
  const segments = pathname.split("/").filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  // A segment holding NUL or broken UTF-16 names nothing (PostgreSQL refuses such text: a lookup
  // with it would fail as a 500); no handler ever sees one.
  if (segments.some((s) => UNSTORABLE.test(s))) return errorResponse(new PlatformError("SP:EntityNotFound", 404, "Not found"));
  const found = match(req.method, segments);
  if (!found) return errorResponse(new PlatformError("SP:RouteNotFound", 404, "No such endpoint"));
  if ("methodMismatch" in found) return errorResponse(new PlatformError("SP:MethodNotAllowed", 405, "Method not allowed"));
  let bodyRead: Promise<unknown> | undefined;
  const ctx: RouteContext = {
    req,
    db,
    tenant,
    params: found.params,
    query: new URL(req.url).searchParams,
    locale: localeFrom(req),
    json: () =>
      (bodyRead ??= req.text().then((text) => {
        if (text.length > 1_000_000) throw new PlatformError("SP:PayloadTooLarge", 413, "The request body is too large");
        try {
          return text === "" ? {} : JSON.parse(text);
        } catch {
          throw new PlatformError("SP:MalformedJson", 400, "The request body is not valid JSON");
        }
      })),
  };
  try {
    const data = await found.route.handler(ctx);
    // A handler that serves something other than JSON (an uploaded file) answers a Response itself.
    if (data instanceof Response) return data;
    return json(200, { data: data ?? null });
  } catch (err) {
    return errorResponse(err);
  }
}
