import "server-only";
import type { Db, Tx } from "../db/client";
import type { ProviderAccount } from "../db/schema";
import { accountApi, loadPaymentAccounts, sandboxSetting } from "./accounts";
import type { PaymentGateway, ProviderConfig } from "./provider";

/**
 * The tenant's account with `gateway`'s provider and the client config to call it
 * (SP:PaymentProviderNotConfigured without one); the config carries the account's own fields its
 * gateway declares.
 */
export async function accountConfig(
  db: Db | Tx,
  tenantId: string,
  gateway: Pick<PaymentGateway, "name" | "api" | "keysFile">,
): Promise<{ cfg: ProviderConfig; account: ProviderAccount }> {
  const { account, baseUrl } = accountApi(await loadPaymentAccounts(db, tenantId), gateway, await sandboxSetting());
  const fields = Object.fromEntries((gateway.keysFile.secretFields ?? []).map((f) => [f, account[f]]));
  return { account, cfg: { baseUrl, secretKey: account.secretKey, provider: gateway.name, fields } };
}
