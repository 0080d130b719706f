import type { z } from "zod";
import type { ErrorCode } from "./errors";
import type { HttpMethod } from "./path";

export { fillPath, type HttpMethod, type RouteSpec } from "./path";

/**
 * One endpoint, declared once (ARCHITECTURE decision 10): a router and a client are both derived
 * from the declarations, so nothing else spells a path. The platform's API (contract/api.ts) and
 * the storefront's own (contract/store/api.ts, the browser's calls) share the shape below
 * (EndpointBase); each adds what its router resolves before a handler runs: the platform an auth
 * level, the storefront the shopper's session and cart cookies (contract/store/endpoint.ts).
 *
 * The platform's auth levels, resolved by the router before a handler runs:
 * - `public`: anyone; no token is read.
 * - `customer`: a valid access token of this tenant is required (401 otherwise).
 * - `cart`: the cart's owner. A token is optional, but one that is sent must be valid: a guest's
 *   cart answers to whoever holds its id, a customer's cart only to that customer's token.
 * - `webhook`: a payment provider's notification, verified by that provider's signature scheme.
 * - `operator`: server-to-server calls of the platform's operator (storefront servers resolving
 *   tenants); answered only on the platform's own hosts (`PLATFORM_HOSTS`).
 */
export const AUTH_LEVELS = ["public", "customer", "cart", "webhook", "operator"] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

/**
 * How the request body is read (streamed and cut at its limit, see body.ts): a JSON body parsed by
 * `body`, a multipart form (uploads) handed to the handler as FormData, or no body at all.
 */
export type BodyKind = "none" | "json" | "multipart";

/** A response the handler makes itself (a file, a text document) instead of a `{data}` envelope. */
export const RAW_RESPONSE = "raw" as const;

/** What every endpoint declares, whichever API it belongs to. */
export type EndpointBase = {
  method: HttpMethod;
  /**
   * Below its API's root (/api/app/, /api/). Segments starting with ":" are parameters; a last
   * segment "*name" takes the rest of the path (one or more segments, joined with "/").
   */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body's schema; implies `bodyKind: "json"`. */
  body?: z.ZodType;
  multipart?: true;
  /**
   * A malformed body, or one that does not match, is handed to the handler as `undefined` instead
   * of refused (logout: "always succeeds, whatever was sent"); one past its limit is still a 413.
   */
  tolerant?: true;
  /** The `data` of a success; RAW_RESPONSE when the handler answers a Response itself. */
  response: z.ZodType | typeof RAW_RESPONSE;
  /** The success status (200 unless said). */
  status?: 200 | 201;
  /** The `SP:` codes this endpoint answers with besides the ones every endpoint may give. */
  codes: readonly ErrorCode[];
};

/** One platform endpoint: the shared shape and its auth level. */
export type EndpointSpec = EndpointBase & { auth: AuthLevel };

/** Codes any endpoint may answer: a malformed request, one naming nothing, or a fault of ours. */
export const COMMON_CODES = [
  "SP:ValidationError",
  "SP:MalformedJson",
  "SP:PayloadTooLarge",
  "SP:EntityNotFound",
  "SP:RouteNotFound",
  "SP:MethodNotAllowed",
  "SP:TenantNotFound",
  "SP:InternalError",
] as const satisfies readonly ErrorCode[];

/** Codes an auth level adds: a missing, invalid, expired or foreign token, a bad signature. */
export const AUTH_CODES = {
  public: [],
  customer: ["SP:Unauthorized", "SP:InvalidToken", "SP:TokenExpired", "SP:TenantMismatch"],
  cart: ["SP:InvalidToken", "SP:TokenExpired", "SP:TenantMismatch"],
  webhook: ["SP:InvalidWebhookSignature"],
  operator: ["SP:RouteNotFound"],
} as const satisfies Record<AuthLevel, readonly ErrorCode[]>;

/** Declares an endpoint; the literal types are kept so the router and the client can be typed from it. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

export const bodyKind = (e: EndpointBase): BodyKind => (e.multipart ? "multipart" : e.body ? "json" : "none");

/** A group of endpoints (one domain: cart, catalog, …). */
export type EndpointGroup<E extends EndpointBase = EndpointSpec> = Record<string, E>;
/** The whole API: groups by name. */
export type ApiSpec<E extends EndpointBase = EndpointSpec> = Record<string, EndpointGroup<E>>;

type Schema<S> = S extends z.ZodType ? S : never;
type Empty = Record<never, never>;

/** What a caller sends (schemas' input types: defaults may be left out). */
export type ParamsIn<E extends EndpointBase> = E["params"] extends z.ZodType ? z.input<Schema<E["params"]>> : Empty;
export type QueryIn<E extends EndpointBase> = E["query"] extends z.ZodType ? z.input<Schema<E["query"]>> : Empty;
export type BodyIn<E extends EndpointBase> = E["multipart"] extends true
  ? FormData
  : E["body"] extends z.ZodType
    ? z.input<Schema<E["body"]>>
    : undefined;

/** What a handler receives (schemas' output types, after defaults and transforms). */
export type ParamsOut<E extends EndpointBase> = E["params"] extends z.ZodType ? z.output<Schema<E["params"]>> : Empty;
export type QueryOut<E extends EndpointBase> = E["query"] extends z.ZodType ? z.output<Schema<E["query"]>> : Empty;
export type BodyOut<E extends EndpointBase> = E["multipart"] extends true
  ? FormData
  : E["body"] extends z.ZodType
    ? z.output<Schema<E["body"]>> | (E["tolerant"] extends true ? undefined : never)
    : undefined;

/** A success's `data` (or the raw Response). */
export type ResponseOf<E extends EndpointBase> = E["response"] extends z.ZodType
  ? z.output<Schema<E["response"]>>
  : Response;

/** The optional parts of a call are optional keys; the required ones are required. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** One call's input as the storefront's client takes it. */
export type CallInput<E extends EndpointBase> = Part<"params", ParamsIn<E>> &
  Part<"query", QueryIn<E>> &
  Part<"body", BodyIn<E>>;

/** Every endpoint of the API as "group.name". */
export type EndpointKey<A extends ApiSpec<EndpointBase>> = {
  [G in keyof A & string]: `${G}.${keyof A[G] & string}`;
}[keyof A & string];

/** The endpoints of an API as a flat list, each with its "group.name" key. */
export function listEndpoints<E extends EndpointBase = EndpointSpec>(
  api: ApiSpec<NoInfer<E>>,
): { key: string; spec: E }[] {
  return Object.entries(api).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, spec]) => ({ key: `${group}.${name}`, spec })),
  );
}

/** A request path's segments below its API's root, each %-decoded (an escape that does not decode is kept as sent). */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** A path that fits a declaration: the declaration and its parameters' raw values. */
export type PathMatch<T> = { route: T; params: Record<string, string> };

/**
 * The one path matcher of both routers: the first declaration (in the table's order) whose pattern
 * fits the segments and whose method is the request's. "method" when a pattern fits under another
 * method only (405), null when none fits (404).
 */
export function pathMatcher<T extends { spec: { method: string; path: string } }>(
  routes: readonly T[],
): (method: string, segments: string[]) => PathMatch<T> | "method" | null {
  const compiled = routes.map((route) => ({ route, parts: route.spec.path.split("/").filter(Boolean) }));
  return (method, segments) => {
    let methodMismatch = false;
    for (const { route, parts } of compiled) {
      const rest = parts.at(-1)?.startsWith("*") ? parts.length - 1 : -1;
      if (rest >= 0 ? segments.length <= rest : parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const fits = parts.every((p, i) => {
        if (i === rest) {
          params[p.slice(1)] = segments.slice(i).join("/");
          return true;
        }
        if (p.startsWith(":")) {
          params[p.slice(1)] = segments[i];
          return true;
        }
        return p === segments[i];
      });
      if (!fits) continue;
      if (route.spec.method !== method) {
        methodMismatch = true;
        continue;
      }
      return { route, params };
    }
    return methodMismatch ? "method" : null;
  };
}
