import "server-only";
import type { z } from "zod";
import { CodedError } from "@/contract/coded-error";
import type { BodyOut, ParamsOut, QueryOut, RAW_RESPONSE } from "@/contract/endpoint";
import type { TenantDto } from "@/contract/dto/tenants";
import type { StoreEndpointSpec, StoreGroup } from "@/contract/store/endpoint";
import type { Locale } from "@/contract/tenant-settings";
import type { PlatformClient } from "@/lib/platform-client/core";

/** Development and tests check every answer against its schema, so a handler cannot drift from its declaration unseen. */
const checkAnswers = process.env.NODE_ENV !== "production";

/** The answer as it is; outside production a fault (a 500) when it is not what `schema` declares. */
export function checked<T>(schema: z.ZodType, data: T, what: string): T {
  if (checkAnswers) {
    const answer = schema.safeParse(data ?? null);
    if (!answer.success) throw new Error(`${what} answered outside its declaration: ${answer.error.message}`);
  }
  return data;
}

/** A refusal decided by the storefront itself (no tenant, a foreign origin, no session, no cart, no such file). */
export class StoreRefusal extends CodedError {
  override name = "StoreRefusal";
}

/**
 * The cart cookie as a handler sees it: the cart the call acts on (the cookie's, or the one the
 * pipeline started for `cart: "create"`), and the only ways to change the cookie.
 */
export type CartCookie = {
  readonly id: string | null;
  /** Starts a new cart for this shopper and points the cookie at it; `keySuffix` names a further step of the same intent. */
  start(options?: { keySuffix?: string }): Promise<string>;
  /** Points the cookie at another cart (the one the platform answered with). */
  use(cartId: string): Promise<void>;
  /** Forgets the cart: it is gone, completed or no longer the shopper's. */
  forget(): Promise<void>;
};

/**
 * Whom a platform call is made as: the session's customer unless `token` says otherwise (null: as
 * a guest); `headers` added (x-forwarded-for: the visitor's address); `keySuffix` tells a second,
 * different step of the browser's intent apart (its Idempotency-Key, when the endpoint forwards it).
 */
export type PlatformAs = { token?: string | null; keySuffix?: string; headers?: HeadersInit };

/** What every handler gets, and what the storefront's server helpers take: the store, the language, the way to the platform. */
export type StoreCall = {
  tenant: TenantDto;
  locale: Locale;
  /** The origin the shopper's browser reached (providers' return addresses are built from it). */
  origin: string;
  /** The visitor's address, for the platform's per-address limits. */
  clientIp: string;
  /** The platform client for this store and language, as the session's customer (see PlatformAs). */
  platform(as?: PlatformAs): PlatformClient;
};

type TokenOf<E extends StoreEndpointSpec> = E["session"] extends "required"
  ? string
  : E["session"] extends "optional"
    ? string | null
    : null;

type CartOf<E extends StoreEndpointSpec> = E["cart"] extends "required" | "create"
  ? CartCookie & { readonly id: string }
  : E["cart"] extends "read"
    ? CartCookie
    : null;

/**
 * A handler's context: the request already matched, parsed and resolved as its declaration says.
 * Handlers never read a cookie, a header or a raw body for what the declaration covers.
 */
export type StoreContext<E extends StoreEndpointSpec> = StoreCall & {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  /** The signed-in customer's access token (session "optional": null when signed out). */
  token: TokenOf<E>;
  cart: CartOf<E>;
};

/** A handler answers the success's data (the pipeline wraps it in the envelope) or, for raw endpoints, a Response. */
export type StoreHandlerResult<E extends StoreEndpointSpec> = E["response"] extends typeof RAW_RESPONSE
  ? Response
  : E["response"] extends z.ZodType
    ? z.input<E["response"]>
    : never;

export type StoreHandler<E extends StoreEndpointSpec> = (
  ctx: StoreContext<E>,
) => Promise<StoreHandlerResult<E>> | StoreHandlerResult<E>;

/** One handler for each endpoint of a group, and none for an endpoint the group does not declare. */
export type StoreGroupHandlers<G extends StoreGroup> = { [K in keyof G]: StoreHandler<G[K]> };

/** Binds a group's handlers to its declarations (the type says which context each handler gets). */
export function handlers<G extends StoreGroup>(_group: G, impl: StoreGroupHandlers<G>): StoreGroupHandlers<G> {
  return impl;
}
