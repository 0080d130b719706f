import type { EndpointBase, EndpointGroup } from "../endpoint";
import type { ErrorCode } from "../errors";
import type { RouteSpec } from "../path";

/**
 * One endpoint of the storefront's own API (the browser's calls to its server, below /api/): the
 * shape every endpoint shares (contract/endpoint.ts) and what the storefront's pipeline
 * (lib/store-api) resolves before its handler runs. Its method and path are declared apart, in
 * routes/<group>.ts, which the browser's client reads without loading a schema.
 */

/**
 * The shopper's session (the iron-session cookie): `none` reads nothing; `optional` hands the
 * handler the customer's access token or null; `required` answers 401 SP:Unauthorized without a
 * signed-in customer, before the body is read.
 */
export type SessionNeed = "none" | "optional" | "required";

/**
 * The cart cookie: `read` hands the handler the cookie's cart id or null; `required` answers 404
 * SP:EntityNotFound without one (a checkout call); `create` starts a cart and sets the cookie when
 * there is none (the first add). Read after the body, so that a refused body starts no cart.
 */
export type CartNeed = "read" | "required" | "create";

/** What a storefront endpoint declares besides its method and path. */
export type StoreDeclaration = Omit<EndpointBase, "method" | "path"> & {
  session: SessionNeed;
  cart?: CartNeed;
  /**
   * "forward": the browser's Idempotency-Key goes along on the platform calls the handler makes,
   * so the platform answers the shopper's intent once however often it arrives.
   */
  idempotencyKey?: "forward";
  /** The body's limit in bytes (contract/limits.ts): JSON_BODY_LIMIT for JSON, UPLOAD_BODY_LIMIT for a multipart form. */
  limit?: number;
};

export type StoreEndpointSpec = EndpointBase & StoreDeclaration;

/** A group's methods and paths (routes/<group>.ts). */
export type StoreRoutes = Record<string, RouteSpec>;

/**
 * A group's declarations bound to its routes: one declaration for each route and none for a route
 * the group does not have (either is a type error); the literal types are kept, so that the
 * pipeline, the handlers and the browser's client are typed from them.
 */
export function storeGroup<
  const R extends StoreRoutes,
  const D extends { [K in keyof R]: StoreDeclaration } & Record<Exclude<keyof D, keyof R>, never>,
>(routes: R, declarations: D): { [K in keyof R]: R[K] & D[K] } {
  return Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [name, { ...route, ...declarations[name] }]),
  ) as { [K in keyof R]: R[K] & D[K] };
}

/** A group of the storefront's endpoints. */
export type StoreGroup = EndpointGroup<StoreEndpointSpec>;

/**
 * An endpoint's codes: those of the platform calls it makes (their refusals pass through as they
 * are) and its own.
 */
export function codesOf(...from: ({ codes: readonly ErrorCode[] } | ErrorCode)[]): ErrorCode[] {
  return [...new Set(from.flatMap((f) => (typeof f === "string" ? [f] : f.codes)))];
}
