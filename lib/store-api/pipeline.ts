import "server-only";
import { CodedError } from "@/contract/coded-error";
import { listEndpoints, pathMatcher, pathSegments, RAW_RESPONSE } from "@/contract/endpoint";
import { IDEMPOTENCY_KEY_HEADER } from "@/contract/idempotency";
import { storeApi } from "@/contract/store/api";
import type { StoreEndpointSpec } from "@/contract/store/endpoint";
import { parseLanguages } from "@/contract/tenant-settings";
import { UNSTORABLE_TEXT } from "@/rules/text";
import { readJsonBody, readMultipartBody } from "@/server/body";
import { clientIp, clientUserAgent } from "@/server/client-ip";
import { env } from "@/server/env";
import { envelopeResponse, errorResponse } from "@/server/error-envelope";
import { clearCartId, readCartId, writeCartId } from "@/lib/cookies";
import { requestOrigin } from "@/lib/payments/callback-urls";
import { platform } from "@/lib/platform-client/core";
import { tenantForSite } from "@/lib/platform-client/tenants";
import { getSessionToken } from "@/lib/session/session";
import { siteKeyFromHost } from "@/lib/site-routing";
import type { TenantDto } from "@/contract/dto/tenants";
import { checked, StoreRefusal, type CartCookie, type PlatformAs, type StoreCall } from "./context";
import { implementation } from "./implementation";
import { isForeignOrigin, localeForRequest } from "./request";

/**
 * The storefront's own API (contract/store/api.ts) served through one pipeline, for the one
 * catch-all route app/api/[...path]: the origin check, the store from the Host, the language,
 * the match, the session and the cart cookie as declared, the body read within its limit and
 * parsed with its schema, the handler, then `{data}` (or the handler's own Response) or
 * `{error: {code, message, details}}` (server/error-envelope.ts, never a stack).
 */

type Route = { key: string; spec: StoreEndpointSpec; run: (ctx: never) => unknown };

const routes: Route[] = listEndpoints<StoreEndpointSpec>(storeApi).map(({ key, spec }) => {
  const [group, name] = key.split(".");
  const run = (implementation as unknown as Record<string, Record<string, Route["run"]>>)[group][name];
  return { key, spec, run };
});
const match = pathMatcher(routes);

/** Every endpoint as METHOD, path and "group.name", with the handler that serves it (suites check both). */
export function storeRoutes(): { method: string; path: string; key: string; handled: boolean }[] {
  return routes.map((r) => ({
    method: r.spec.method,
    path: r.spec.path,
    key: r.key,
    handled: typeof r.run === "function",
  }));
}

const notFound = () => new StoreRefusal(404, "SP:EntityNotFound", "Not found");

async function storeFor(req: Request): Promise<TenantDto> {
  const site = siteKeyFromHost(req.headers.get("host"));
  const tenant = site ? await tenantForSite(site) : null;
  if (!tenant) throw new StoreRefusal(404, "SP:TenantNotFound", "No store at this address");
  return tenant;
}

/** The body as declared: a JSON value parsed with its schema (tolerant: a bad one is none), a multipart form, or nothing read. */
async function readBody(req: Request, spec: StoreEndpointSpec): Promise<unknown> {
  if (spec.multipart) return readMultipartBody(req, spec.limit);
  if (!spec.body) return undefined;
  if (!spec.tolerant) return spec.body.parse(await readJsonBody(req, spec.limit));
  // A tolerant endpoint takes a malformed body as none, but never an oversize one.
  const json = await readJsonBody(req, spec.limit).catch((err: unknown) => {
    if (err instanceof CodedError && err.status === 413) throw err;
    return undefined;
  });
  return spec.body.safeParse(json).data;
}

/** The cart cookie as the declaration asks for it: read, required (404 without), or started when there is none. */
async function cartCookie(
  need: NonNullable<StoreEndpointSpec["cart"]>,
  tenant: TenantDto,
  platformAs: StoreCall["platform"],
): Promise<CartCookie> {
  const slug = tenant.slug;
  const start = async ({ keySuffix }: { keySuffix?: string } = {}) => {
    const cart = await platformAs({ keySuffix }).cart.create();
    // Set before the item is added: a refused item still leaves the shopper one (empty) cart
    // instead of a new orphan cart on every attempt.
    await writeCartId(slug, cart.id);
    return cart.id;
  };
  let id = await readCartId(slug);
  if (!id && need === "required") throw new StoreRefusal(404, "SP:EntityNotFound", "There is no cart");
  if (!id && need === "create") id = await start();
  return { id, start, use: (cartId) => writeCartId(slug, cartId), forget: () => clearCartId(slug) };
}

async function serve(req: Request): Promise<Response> {
  if (isForeignOrigin(req))
    throw new StoreRefusal(403, "SP:ForbiddenOrigin", "Requests from another site are not accepted");
  const tenant = await storeFor(req);
  const locale = localeForRequest(req, parseLanguages(tenant.settings.frontendLanguages));
  const url = new URL(req.url);
  const segments = pathSegments(url.pathname.replace(/^\/api\//, ""));
  // A segment that could never be stored names nothing: not found before any lookup.
  if (segments.some((s) => UNSTORABLE_TEXT.test(s))) throw notFound();
  const found = match(req.method, segments);
  if (!found) throw new StoreRefusal(404, "SP:RouteNotFound", "No such endpoint");
  if (found === "method") throw new StoreRefusal(405, "SP:MethodNotAllowed", "Method not allowed");
  const { spec, key: what, run } = found.route;

  const params = spec.params ? spec.params.safeParse(found.params) : null;
  if (params && !params.success) throw notFound();
  // Who is asking, before anything they sent is looked at (and before a body of up to 5 MB is read).
  const token = spec.session === "none" ? null : await getSessionToken(tenant);
  if (spec.session === "required" && !token) throw new StoreRefusal(401, "SP:Unauthorized", "Sign in to continue");
  const query = spec.query ? spec.query.parse(Object.fromEntries(url.searchParams)) : {};
  const body = await readBody(req, spec);

  const intent = spec.idempotencyKey === "forward" ? req.headers.get(IDEMPOTENCY_KEY_HEADER) : null;
  const visitor = clientIp(req.headers);
  const visitorAgent = clientUserAgent(req.headers);
  const platformAs = ({ token: as = token, keySuffix = "", headers }: PlatformAs = {}) => {
    const all = new Headers(headers);
    if (intent && !all.has(IDEMPOTENCY_KEY_HEADER)) all.set(IDEMPOTENCY_KEY_HEADER, `${intent}${keySuffix}`);
    // A guest's intents are kept per address (platform/api/idempotency.ts): one store's guests are not one owner.
    if (intent && !all.has("x-forwarded-for")) all.set("x-forwarded-for", visitor);
    // The visitor's, not this server's: an order's ad-platform events name the shopper's browser.
    if (visitorAgent && !all.has("user-agent")) all.set("user-agent", visitorAgent);
    return platform({ tenant, locale, token: as ?? undefined, headers: all });
  };
  // After the body: a refused body starts no cart.
  const cart = spec.cart ? await cartCookie(spec.cart, tenant, platformAs) : null;

  const data = await (run as (ctx: unknown) => unknown)({
    tenant,
    locale,
    origin: requestOrigin(req, env().PUBLIC_URL_SCHEME),
    clientIp: visitor,
    platform: platformAs,
    params: params?.data ?? {},
    query,
    body,
    token,
    cart,
  });
  if (spec.response === RAW_RESPONSE) {
    if (!(data instanceof Response)) throw new Error(`${what} must answer a Response`);
    return data;
  }
  return envelopeResponse(spec.status ?? 200, { data: checked(spec.response, data, what) ?? null });
}

/** Serves one request of the storefront's API (below /api/); any refusal or fault is the envelope. */
export async function handleStoreRequest(req: Request): Promise<Response> {
  try {
    return await serve(req);
  } catch (err) {
    return errorResponse(err, "store-api");
  }
}
