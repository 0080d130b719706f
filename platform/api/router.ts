import { errorResponse, envelopeResponse } from "@/server/error-envelope";
import { CodedError } from "@/contract/coded-error";
import { platformApi } from "@/contract/api";
import { readJsonBody, readMultipartBody } from "@/server/body";
import {
  bodyKind,
  listEndpoints,
  pathMatcher,
  pathSegments,
  RAW_RESPONSE,
  type EndpointSpec,
} from "@/contract/endpoint";
import type { Locale } from "@/contract/tenant-settings";
import { UNSTORABLE_TEXT } from "@/rules/text";
import type { Db } from "../db/client";
import { PlatformError } from "../errors";
import { resolveCaller } from "./auth";
import { clientContext, clientIp } from "@/server/client-ip";
import type { Caller, TenantInfo, VerifiedWebhook } from "./define";

export type { TenantInfo };
import { implementation } from "./implementation";
import { fingerprintOf, idempotencyKeyOf, intentOwner, onceForKey } from "./idempotency";
import { MUTATING_METHODS } from "@/contract/idempotency";
import { verifyWebhook } from "../payments/webhooks";
import { parseSalesChannel } from "../services/coupon-rules";

/**
 * The platform's one router, derived from the contract (contract/api.ts): it matches a path,
 * parses params, query and body with the endpoint's schemas, resolves the auth level, scopes the
 * call to the tenant and maps every refusal into the one envelope. Handlers only do the work.
 * Served over HTTP (handlePlatformRequest) and, for the embedded storefront, in-process (dispatch).
 */

type Route = { key: string; spec: EndpointSpec; run: (ctx: never) => unknown };

const routes: Route[] = listEndpoints(platformApi).map(({ key, spec }) => {
  const [group, name] = key.split(".");
  const run = (implementation as unknown as Record<string, Record<string, Route["run"]>>)[group][name];
  return { key, spec, run };
});
const byKey = new Map(routes.map((r) => [r.key, r]));

/** Every endpoint as METHOD and path pattern: suites that must cover each route enumerate them here. */
export function registeredRoutes(): { method: string; path: string; auth: string; key: string }[] {
  return routes.map((r) => ({ method: r.spec.method, path: r.spec.path, auth: r.spec.auth, key: r.key }));
}

const match = pathMatcher(routes);

export function localeFrom(headers: Headers): Locale {
  return /^\s*en\b/i.test(headers.get("accept-language") ?? "") ? "en" : "ar";
}

/** Whose call this is: a browser on a store's host, or a server of the platform's operator (in-process, or on a platform-only host). */
export type CallSource = { trusted: boolean };

/** One call's raw parts: from an HTTP request (strings, a body still to read) or from the in-process client (values). */
type RawCall = {
  tenant: TenantInfo | null;
  db: Db;
  headers: Headers;
  origin: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: () => Promise<unknown>;
  source: CallSource;
};

const notFound = () => new PlatformError("SP:EntityNotFound", 404, "Not found");

/** Development and tests check every answer against its schema, so a handler cannot drift from the contract unseen. */
const checkResponses = process.env.NODE_ENV !== "production";

async function run(route: Route, call: RawCall): Promise<unknown> {
  const { spec } = route;
  // A path naming nothing (a malformed id, NUL or broken UTF-16 in a segment) is a 404 before any
  // lookup: over HTTP (the router checks the segments too) and in-process (dispatch: a page's own
  // address, such as /products/%00, reached the slug query and answered 500).
  if (Object.values(call.params).some((value) => typeof value === "string" && UNSTORABLE_TEXT.test(value)))
    throw notFound();
  const params = spec.params ? spec.params.safeParse(call.params) : null;
  if (params && !params.success) throw notFound();
  if (spec.auth === "operator" && !call.source.trusted)
    throw new PlatformError("SP:RouteNotFound", 404, "No such endpoint");
  const tenant = spec.auth === "operator" ? null : call.tenant;
  if (spec.auth !== "operator" && !tenant)
    throw new PlatformError("SP:TenantNotFound", 404, "No store at this address");
  // Who is asking, before anything they sent is looked at (and before a body of up to 5 MB is read).
  const customer: Caller | null =
    spec.auth === "customer" || spec.auth === "cart"
      ? await resolveCaller(call.db, call.headers, tenant!.id, spec.auth === "customer")
      : null;
  // One intent, one effect: a mutating call with an Idempotency-Key is answered once per tenant, key and route
  // (read before the body, so that every mutating route refuses a malformed key the same way).
  const key =
    tenant && MUTATING_METHODS.has(spec.method) && spec.auth !== "webhook" && spec.response !== RAW_RESPONSE
      ? idempotencyKeyOf(call.headers)
      : null;
  const query = spec.query ? spec.query.parse(call.query) : {};
  const asked = (query as { customerId?: string }).customerId;
  if (customer && asked && asked !== customer.customerId)
    throw new PlatformError("SP:Forbidden", 403, "You can only see and change your own data");
  let body: unknown;
  // A tolerant endpoint takes a malformed body as none, but never an oversize one (a body is never read past its limit).
  if (spec.tolerant)
    body = spec.body!.safeParse(
      await call
        .body()
        .catch((err: unknown) => (err instanceof CodedError && err.status === 413 ? Promise.reject(err) : undefined)),
    ).data;
  else if (spec.body) body = spec.body.parse(await call.body());
  else if (spec.multipart) body = await call.body();
  let webhook: VerifiedWebhook | null = null;
  if (spec.auth === "webhook")
    webhook = await verifyWebhook(
      call.db,
      tenant!.id,
      (params!.data as { provider: VerifiedWebhook["provider"] }).provider,
      { body, headers: call.headers, query: query as Record<string, string | undefined> },
    );
  const ctx = {
    db: call.db,
    tenant,
    locale: localeFrom(call.headers),
    channel: parseSalesChannel(call.headers.get("x-sales-channel")),
    clientIp: clientIp(call.headers),
    client: clientContext(call.headers),
    origin: call.origin,
    params: params?.data ?? {},
    query,
    body,
    customer,
    webhook,
  };
  const work = async () => {
    const data = await (route.run as (c: typeof ctx) => unknown)(ctx);
    if (spec.response === RAW_RESPONSE) {
      if (!(data instanceof Response)) throw new Error(`${route.key} must answer a Response`);
      return data;
    }
    if (checkResponses) {
      const checked = spec.response.safeParse(data ?? null);
      if (!checked.success) throw new Error(`${route.key} answered outside its contract: ${checked.error.message}`);
    }
    return data ?? null;
  };
  if (!key) return work();
  // Who asks is part of the request (a refreshed access token is the same customer; another customer is another request).
  const fingerprint = fingerprintOf({ params: ctx.params, query, body, customerId: customer?.customerId ?? null });
  const owner = intentOwner(customer?.customerId ?? null, ctx.clientIp);
  return onceForKey(call.db, { tenantId: tenant!.id, key, route: route.key, fingerprint, owner }, work);
}

function readBody(req: Request, spec: EndpointSpec): () => Promise<unknown> {
  const kind = bodyKind(spec);
  return () =>
    kind === "multipart" ? readMultipartBody(req) : kind === "json" ? readJsonBody(req) : Promise.resolve(undefined);
}

/** Serves one platform API request. `pathname` is what follows /api/app/; `tenant` is null on a platform host's tenant-less calls. */
export async function handlePlatformRequest(
  req: Request,
  pathname: string,
  tenant: TenantInfo | null,
  db: Db,
  source: CallSource = { trusted: false },
): Promise<Response> {
  try {
    const segments = pathSegments(pathname);
    if (segments.some((s) => UNSTORABLE_TEXT.test(s))) throw notFound();
    const found = match(req.method, segments);
    if (!found) throw new PlatformError("SP:RouteNotFound", 404, "No such endpoint");
    if (found === "method") throw new PlatformError("SP:MethodNotAllowed", 405, "Method not allowed");
    const url = new URL(req.url);
    const query = Object.fromEntries([...url.searchParams.entries()].filter(([, v]) => v !== ""));
    const data = await run(found.route, {
      tenant,
      db,
      headers: req.headers,
      origin: url.origin,
      params: found.params,
      query,
      body: readBody(req, found.route.spec),
      source,
    });
    if (data instanceof Response) return data;
    return envelopeResponse(found.route.spec.status ?? 200, { data });
  } catch (err) {
    return errorResponse(err, "platform");
  }
}

/**
 * Calls one endpoint in-process, as the embedded storefront does: no URL, no JSON, the same parsing,
 * auth and checks as over HTTP. Answers the success's data (or a raw Response); a refusal throws.
 */
export async function dispatch(
  key: string,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
  call: { tenant: TenantInfo | null; db: Db; headers: Headers },
): Promise<unknown> {
  const route = byKey.get(key);
  if (!route) throw new PlatformError("SP:RouteNotFound", 404, "No such endpoint");
  return run(route, {
    ...call,
    origin: "http://platform.internal",
    params: input.params ?? {},
    query: input.query ?? {},
    body: async () => input.body,
    source: { trusted: true },
  });
}
