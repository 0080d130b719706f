import "server-only";
import type { Db, Tx } from "../db/client";
import type { PaymentProvider, ProviderAccount } from "../db/schema";
import { loadPaymentAccounts, providerApi, sandboxSetting } from "./accounts";
import type { PaymentState, ProviderConfig } from "./provider";
import { gatewayOf } from "./gateways";

/** The tenant's account with `provider` and the client config to call it (SP:PaymentProviderNotConfigured without one). */
export async function providerConfig(
  db: Db | Tx,
  tenantId: string,
  provider: PaymentProvider,
): Promise<{ cfg: ProviderConfig; account: ProviderAccount }> {
  const { account, baseUrl } = providerApi(await loadPaymentAccounts(db, tenantId), provider, await sandboxSetting());
  return {
    account,
    cfg: {
      baseUrl,
      secretKey: account.secretKey,
      provider,
      ...(account.captureOn ? { captureOn: account.captureOn } : {}),
    },
  };
}

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
