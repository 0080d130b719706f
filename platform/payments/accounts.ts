import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { tenantPaymentAccounts, type PaymentAccounts, type PaymentProvider, type ProviderAccount } from "../db/schema";
import { PlatformError } from "../errors";
import { gatewayOf } from "./gateways";
import type { PaymentEndpoints } from "@/contract/dto/tenants";

/**
 * Where each provider is reached (ARCHITECTURE decision 8). A tenant's account names a base URL:
 * none ⇒ the live API, "sandbox" ⇒ this app's /sandbox/<provider>, anything else ⇒ that URL.
 * Provider clients take the resolved base URL; only this module knows the defaults.
 */

export type SandboxSetting = { enabled: boolean; origin: string };

export const notConfigured = (provider: PaymentProvider) =>
  new PlatformError(
    "SP:PaymentProviderNotConfigured",
    503,
    `Online payment through ${provider} is not configured for this store`,
    { provider },
  );

/** The tenant's provider accounts (server only: they hold secret keys). */
export async function loadPaymentAccounts(db: Db | Tx, tenantId: string): Promise<PaymentAccounts> {
  const [row] = await db
    .select({ accounts: tenantPaymentAccounts.accounts })
    .from(tenantPaymentAccounts)
    .where(eq(tenantPaymentAccounts.tenantId, tenantId))
    .limit(1);
  return row?.accounts ?? {};
}

/** The account and the API base URL the server calls for it; SP:PaymentProviderNotConfigured when there is none (or it is a sandbox that is off). */
export function providerApi(
  accounts: PaymentAccounts,
  provider: PaymentProvider,
  sandbox: SandboxSetting,
): { account: ProviderAccount; baseUrl: string } {
  const account = accounts[provider];
  if (!account?.secretKey) throw notConfigured(provider);
  if (account.baseUrl === "sandbox") {
    if (!sandbox.enabled) throw notConfigured(provider);
    return { account, baseUrl: `${sandbox.origin.replace(/\/$/, "")}${gatewayOf(provider).api.sandboxPath}` };
  }
  return { account, baseUrl: (account.baseUrl ?? gatewayOf(provider).api.live).replace(/\/$/, "") };
}

/**
 * Browser-safe addresses (relative for the sandboxes, so they work on every tenant host): what each
 * provider's gateway serves the browser, for the providers the store has an account with.
 */
export function publicPaymentEndpoints(
  accounts: PaymentAccounts,
  onlineProvider: string | undefined,
  sandboxEnabled: boolean,
): PaymentEndpoints {
  const browserUrl = (provider: PaymentProvider): string | null => {
    const account = accounts[provider];
    const browser = gatewayOf(provider).browser;
    if (!account?.secretKey || !browser) return null;
    if (account.baseUrl === "sandbox") return sandboxEnabled ? browser.sandbox : null;
    // A browser that calls the provider's API itself calls the account's own base when it has one.
    return browser.followsBaseUrl && account.baseUrl ? account.baseUrl : browser.live;
  };
  return {
    moyasarApiUrl: browserUrl("moyasar"),
    myfatoorahScriptUrl: browserUrl(onlineProvider === "rekaz-pay" ? "rekaz-pay" : "myfatoorah"),
    tabbyCardScriptUrl: browserUrl("tabby"),
    tamaraWidgetScriptUrl: browserUrl("tamara"),
  };
}

/** This process's sandbox switch and the origin its own /sandbox/* answers on. */
export async function sandboxSetting(): Promise<SandboxSetting> {
  const { env } = await import("@/server/env");
  const e = env();
  return { enabled: e.SANDBOX, origin: e.SANDBOX_ORIGIN ?? `http://127.0.0.1:${e.PORT}` };
}
