import type { z } from "zod";
import type { ErrorCode } from "./errors";

/**
 * One platform endpoint, declared once (ARCHITECTURE decision 10): the platform's router and the
 * storefront's client are both derived from these declarations, so nothing else spells a path.
 *
 * Auth levels, resolved by the router before a handler runs:
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

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/**
 * How the request body is read (streamed and cut at its limit, see body.ts): a JSON body parsed by
 * `body`, a multipart form (uploads) handed to the handler as FormData, or no body at all.
 */
export type BodyKind = "none" | "json" | "multipart";

/** A response the handler makes itself (a file, a text document) instead of a `{data}` envelope. */
export const RAW_RESPONSE = "raw" as const;

export type EndpointSpec = {
  method: HttpMethod;
  /**
   * Below /api/app/. Segments starting with ":" are parameters; a last segment "*name" takes the
   * rest of the path (one or more segments, joined with "/").
   */
  path: string;
  auth: AuthLevel;
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

export const bodyKind = (e: EndpointSpec): BodyKind => (e.multipart ? "multipart" : e.body ? "json" : "none");

/** A group of endpoints (one domain: cart, catalog, …). */
export type EndpointGroup = Record<string, EndpointSpec>;
/** The whole API: groups by name. */
export type ApiSpec = Record<string, EndpointGroup>;

type Schema<S> = S extends z.ZodType ? S : never;
type Empty = Record<never, never>;

/** What a caller sends (schemas' input types: defaults may be left out). */
export type ParamsIn<E extends EndpointSpec> = E["params"] extends z.ZodType ? z.input<Schema<E["params"]>> : Empty;
export type QueryIn<E extends EndpointSpec> = E["query"] extends z.ZodType ? z.input<Schema<E["query"]>> : Empty;
export type BodyIn<E extends EndpointSpec> = E["multipart"] extends true
  ? FormData
  : E["body"] extends z.ZodType
    ? z.input<Schema<E["body"]>>
    : undefined;

/** What a handler receives (schemas' output types, after defaults and transforms). */
export type ParamsOut<E extends EndpointSpec> = E["params"] extends z.ZodType ? z.output<Schema<E["params"]>> : Empty;
export type QueryOut<E extends EndpointSpec> = E["query"] extends z.ZodType ? z.output<Schema<E["query"]>> : Empty;
export type BodyOut<E extends EndpointSpec> = E["multipart"] extends true
  ? FormData
  : E["body"] extends z.ZodType
    ? z.output<Schema<E["body"]>> | (E["tolerant"] extends true ? undefined : never)
    : undefined;

/** A success's `data` (or the raw Response). */
export type ResponseOf<E extends EndpointSpec> = E["response"] extends z.ZodType
  ? z.output<Schema<E["response"]>>
  : Response;

/** The optional parts of a call are optional keys; the required ones are required. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** One call's input as the storefront's client takes it. */
export type CallInput<E extends EndpointSpec> = Part<"params", ParamsIn<E>> &
  Part<"query", QueryIn<E>> &
  Part<"body", BodyIn<E>>;

/** Every endpoint of the API as "group.name". */
export type EndpointKey<A extends ApiSpec> = { [G in keyof A & string]: `${G}.${keyof A[G] & string}` }[keyof A &
  string];

/** The endpoints of an API as a flat list, each with its "group.name" key. */
export function listEndpoints(api: ApiSpec): { key: string; spec: EndpointSpec }[] {
  return Object.entries(api).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, spec]) => ({ key: `${group}.${name}`, spec })),
  );
}

/** The path with its parameters filled in, each segment escaped; "*rest" takes a value with "/" as it is. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) return encodeURIComponent(String(params[segment.slice(1)]));
      if (segment.startsWith("*")) return String(params[segment.slice(1)]).split("/").map(encodeURIComponent).join("/");
      return segment;
    })
    .join("/");
}
