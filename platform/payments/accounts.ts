import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { tenantPaymentAccounts, type PaymentAccounts, type PaymentProvider, type ProviderAccount } from "../db/schema";
import { PlatformError } from "../errors";
import type { PaymentGateway } from "./provider";
import type { PaymentEndpoints } from "@/contract/dto/tenants";
import { BROWSER_ASSETS } from "@/payment-providers/profiles";

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

/** The account with `gateway`'s provider and the API base URL the server calls for it; SP:PaymentProviderNotConfigured when there is none (or it is a sandbox that is off). */
export function accountApi(
  accounts: PaymentAccounts,
  gateway: Pick<PaymentGateway, "name" | "api">,
  sandbox: SandboxSetting,
): { account: ProviderAccount; baseUrl: string } {
  const account = accounts[gateway.name];
  if (!account?.secretKey) throw notConfigured(gateway.name);
  if (account.baseUrl === "sandbox") {
    if (!sandbox.enabled) throw notConfigured(gateway.name);
    return { account, baseUrl: `${sandbox.origin.replace(/\/$/, "")}${gateway.api.sandboxPath}` };
  }
  return { account, baseUrl: (account.baseUrl ?? gateway.api.live).replace(/\/$/, "") };
}

/**
 * Browser-safe addresses (relative for the sandboxes, so they work on every tenant host): what the
 * browser loads from each provider (its profile's `browser`), for the providers the store has an
 * account with; `cardForm` is the store's card form setting, which picks the account where one
 * folder serves two providers.
 */
export function publicPaymentEndpoints(
  accounts: PaymentAccounts,
  cardForm: string | undefined,
  sandboxEnabled: boolean,
): PaymentEndpoints {
  const browserUrl = (asset: (typeof BROWSER_ASSETS)[number]): string | null => {
    const account = accounts[(asset.accountFor?.(cardForm ?? "") ?? asset.provider) as PaymentProvider];
    if (!account?.secretKey) return null;
    if (account.baseUrl === "sandbox") return sandboxEnabled ? asset.sandbox : null;
    // A browser that calls the provider's API itself calls the account's own base when it has one.
    return asset.followsBaseUrl && account.baseUrl ? account.baseUrl : asset.live;
  };
  return Object.fromEntries(BROWSER_ASSETS.map((asset) => [asset.field, browserUrl(asset)])) as PaymentEndpoints;
}

/** This process's sandbox switch and the origin its own /sandbox/* answers on. */
export async function sandboxSetting(): Promise<SandboxSetting> {
  const { env } = await import("@/server/env");
  const e = env();
  return { enabled: e.SANDBOX, origin: e.SANDBOX_ORIGIN ?? `http://127.0.0.1:${e.PORT}` };
}
