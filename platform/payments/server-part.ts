import type { EndpointGroup, EndpointSpec } from "@/contract/endpoint";
import type { ProviderContract } from "@/contract/provider-contract";
import type { SettlementDto } from "@/contract/dto/payments";
import type { HandlerContext, HandlerResult } from "../api/define";
import type { Db } from "../db/client";
import type { OwnerScope } from "../services/own-cart";
import type { AttemptRow, NewAttempt } from "./attempts";
import type { PaymentGateway, PaymentState } from "./provider";

/**
 * What a payment provider's folder gives the platform (payment-providers/<name>/platform.ts,
 * registered in payment-providers/platform.ts): a gateway per provider it serves, a handler for
 * each endpoint of its contract part, and its sandbox.
 */

/**
 * The two steps of a payment's life that reach every provider's gateway: a new attempt supersedes
 * (and releases) the cart's other open ones, and a decided payment settles the order, which
 * releases them too. A provider's handlers are given them, because the registry of gateways those
 * steps read lists the handlers as well.
 */
export type PaymentOps = {
  createLiveAttempt(db: Db, scope: OwnerScope, attempt: NewAttempt): Promise<AttemptRow>;
  applyPaymentState(db: Db, attempt: AttemptRow, state: PaymentState): Promise<SettlementDto>;
};

/** A handler of a provider's endpoint: the request as the router parsed and authorised it, and the payment steps. */
export type ProviderHandler<E extends EndpointSpec> = (
  ctx: HandlerContext<E>,
  payments: PaymentOps,
) => Promise<HandlerResult<E>> | HandlerResult<E>;

export type ProviderHandlers<G extends EndpointGroup> = { [K in keyof G]: ProviderHandler<G[K]> };

/** A provider's simulated API and pages under /sandbox/<folder>/ (`path`: the segments below that). */
export type ProviderSandbox = (req: Request, db: Db, path: string[]) => Promise<Response>;

export type ProviderServer<C extends ProviderContract> = {
  gateways: { [P in C["profile"]["providers"][number]]: PaymentGateway };
  handlers: ProviderHandlers<C["endpoints"]>;
  sandbox: ProviderSandbox;
};

/** A folder's server part, typed by its contract part: a handler missing, or one for no endpoint, does not type-check. */
export function defineServer<C extends ProviderContract>(_contract: C, server: ProviderServer<C>): ProviderServer<C> {
  return server;
}
