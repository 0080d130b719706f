import "server-only";
import type { Db } from "../db/client";
import type { PaymentProvider, ProviderAccount } from "../db/schema";
import { loadPaymentAccounts, providerApi, sandboxSetting } from "../providers/accounts";
import { fetchMoyasarPayment, moyasarState } from "../providers/moyasar";
import { getMyFatoorahPaymentStatus } from "../providers/myfatoorah";
import { fetchTabbyPayment } from "../providers/tabby";
import { authoriseTamaraOrder, fetchTamaraOrder } from "../providers/tamara";
import type { PaymentState, ProviderConfig } from "../providers/types";

/** The tenant's account with `provider` and the client config to call it (SP:PaymentProviderNotConfigured without one). */
export async function providerConfig(db: Db, tenantId: string, provider: PaymentProvider): Promise<{ cfg: ProviderConfig; account: ProviderAccount }> {
  const { account, baseUrl } = providerApi(await loadPaymentAccounts(db, tenantId), provider, await sandboxSetting());
  return { account, cfg: { baseUrl, secretKey: account.secretKey, provider } };
}

/**
 * The provider's own word on a payment (never the shopper's URL): by its Moyasar id, MyFatoorah
 * InvoiceId, Tabby payment id or Tamara order id. `expected` is what the attempt charges.
 */
export async function fetchPaymentState(cfg: ProviderConfig, provider: PaymentProvider, ref: string, expected: { amount: number; currency: string }): Promise<PaymentState> {
  switch (provider) {
    case "moyasar":
      return moyasarState(await fetchMoyasarPayment(cfg, ref));
    case "myfatoorah":
    case "rekaz-pay":
      return getMyFatoorahPaymentStatus(cfg, { key: ref, keyType: "InvoiceId" });
    case "tabby":
      return fetchTabbyPayment(cfg, ref);
    case "tamara": {
      const state = await fetchTamaraOrder(cfg, ref);
      if (state.status !== "approved") return state;
      // An approved order for another amount is never authorised: Tamara then takes nothing.
      if (state.amount !== expected.amount || state.currency !== expected.currency) return { ...state, status: "failed", failureReason: "SP:PaymentAmountMismatch" };
      // Tamara pays the merchant only for an order the merchant authorises (idempotent at Tamara).
      return authoriseTamaraOrder(cfg, ref);
    }
  }
}
