import type { z } from "zod";
import type { BodyOut, EndpointGroup, EndpointSpec, ParamsOut, QueryOut, RAW_RESPONSE } from "@/contract/endpoint";
import type { Locale } from "@/contract/tenant-settings";
import type { PaymentProvider } from "@/contract/dto/payments";
import type { SalesChannel } from "@/contract/input/checkout";
import type { ClientContext } from "@/server/client-ip";
import type { Db } from "../db/client";
import type { TenantRow } from "../services/tenants";

export type TenantInfo = Pick<TenantRow, "id" | "slug" | "name" | "settings">;

/** The signed-in customer a token named (resolved by the router). */
export type Caller = { customerId: string };

/** The signed-in customer's own carts in this store (services/own-cart): another's is a 404. */
export const ownerOf = (tenant: TenantInfo, customer: Caller) => ({
  tenantId: tenant.id,
  customerId: customer.customerId,
});

/** A provider notification whose signature the router checked: who sent it and which payment it names. */
export type VerifiedWebhook = { provider: PaymentProvider; ref: string };

type CallerOf<E extends EndpointSpec> = E["auth"] extends "customer"
  ? Caller
  : E["auth"] extends "cart"
    ? Caller | null
    : null;

/**
 * What a handler gets: the request already parsed, authorised and scoped. Handlers never read a
 * header, a token or a raw body: the router did (input, auth and tenant, once).
 */
export type HandlerContext<E extends EndpointSpec> = {
  db: Db;
  /** The store the request is for; operator calls are about the platform and have none. */
  tenant: E["auth"] extends "operator" ? null : TenantInfo;
  locale: Locale;
  /** Where a coupon is redeemed (x-sales-channel: website unless said). */
  channel: SalesChannel;
  /** The client's address for per-address limits ("unknown" when not known). */
  clientIp: string;
  /** The client's address and user agent, as an order's ad-platform events carry them. */
  client: ClientContext;
  /** The origin the request reached the platform at. */
  origin: string;
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  customer: CallerOf<E>;
  webhook: E["auth"] extends "webhook" ? VerifiedWebhook : null;
};

/** A handler answers the success's data (the router wraps it in the envelope) or, for raw endpoints, a Response. */
export type HandlerResult<E extends EndpointSpec> = E["response"] extends typeof RAW_RESPONSE
  ? Response
  : E["response"] extends z.ZodType
    ? z.input<E["response"]>
    : never;

export type Handler<E extends EndpointSpec> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>> | HandlerResult<E>;

/** One handler for each endpoint of a group, and none for an endpoint the group does not declare. */
export type GroupHandlers<G extends EndpointGroup> = { [K in keyof G]: Handler<G[K]> };

/** Binds a group's handlers to its endpoints (the type says which context each handler gets). */
export function handlers<G extends EndpointGroup>(_group: G, impl: GroupHandlers<G>): GroupHandlers<G> {
  return impl;
}
