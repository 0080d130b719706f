import "server-only";
import type { Db, Tx } from "../db/client";
import type { PaymentAccounts, PaymentProvider } from "../db/schema";
import { GATEWAYS } from "@/payment-providers/platform";
import { accountApi, type SandboxSetting } from "./accounts";
import type { PaymentGateway, PaymentState, ProviderConfig } from "./provider";
import { accountConfig } from "./provider-config";

/**
 * Providers by name, for what serves every provider — the settlement, the webhooks, refunds and the
 * operator's tooling. A provider's own folder uses its own gateway directly (accountConfig): it is
 * part of the registry this module reads.
 */

export const gatewayOf = (name: PaymentProvider): PaymentGateway => GATEWAYS[name];

/** The tenant's account with `provider` and the client config to call it (SP:PaymentProviderNotConfigured without one). */
export const providerConfig = (db: Db | Tx, tenantId: string, provider: PaymentProvider) =>
  accountConfig(db, tenantId, gatewayOf(provider));

/** The account and the API base URL the server calls for it (see accountApi). */
export const providerApi = (accounts: PaymentAccounts, provider: PaymentProvider, sandbox: SandboxSetting) =>
  accountApi(accounts, gatewayOf(provider), sandbox);

/** The provider's own word on a payment (never the shopper's URL); `expected` is what the attempt charges. */
export function fetchPaymentState(
  cfg: ProviderConfig,
  provider: PaymentProvider,
  ref: string,
  expected: { amount: number; currency: string },
  opts?: { take?: boolean },
): Promise<PaymentState> {
  return gatewayOf(provider).verify(cfg, ref, expected, opts);
}
