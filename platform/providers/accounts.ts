import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { tenantPaymentAccounts, type PaymentAccounts, type PaymentProvider, type ProviderAccount } from "../db/schema";
import { PlatformError } from "../errors";
import type { PaymentEndpoints } from "@/contract/dto/tenants";

/**
 * Where each provider is reached (ARCHITECTURE decision 8). A tenant's account names a base URL:
 * none ⇒ the live API, "sandbox" ⇒ this app's /sandbox/<provider>, anything else ⇒ that URL.
 * Provider clients take the resolved base URL; only this module knows the defaults.
 */

export const LIVE_API_URLS: Record<PaymentProvider, string> = {
  moyasar: "https://api.moyasar.com/v1",
  myfatoorah: "https://api-sa.myfatoorah.com",
  "rekaz-pay": "https://api-sa.myfatoorah.com",
  tabby: "https://api.tabby.sa",
  tamara: "https://api.tamara.co",
};

/** The sandbox path of each provider's API (rekaz-pay speaks MyFatoorah's API). */
export const SANDBOX_API_PATHS: Record<PaymentProvider, string> = {
  moyasar: "/sandbox/moyasar/v1",
  myfatoorah: "/sandbox/myfatoorah",
  "rekaz-pay": "/sandbox/myfatoorah",
  tabby: "/sandbox/tabby",
  tamara: "/sandbox/tamara",
};

const LIVE_SCRIPTS = {
  myfatoorah: "https://sa.myfatoorah.com/cardview/v1/session.js",
  tabbyCard: "https://checkout.tabby.ai/tabby-card.js",
  tamaraWidget: "https://cdn.tamara.co/widget-v2/tamara-widget.js",
};
const SANDBOX_SCRIPTS = {
  myfatoorah: "/sandbox/myfatoorah/cardview/v1/session.js",
  tabbyCard: "/sandbox/tabby/tabby-card.js",
  tamaraWidget: "/sandbox/tamara/widget-v2/tamara-widget.js",
};

export type SandboxSetting = { enabled: boolean; origin: string };

export const notConfigured = (provider: PaymentProvider) =>
  new PlatformError("SP:PaymentProviderNotConfigured", 503, `Online payment through ${provider} is not configured for this store`, { provider });

/** The tenant's provider accounts (server only: they hold secret keys). */
export async function loadPaymentAccounts(db: Db | Tx, tenantId: string): Promise<PaymentAccounts> {
  const [row] = await db.select({ accounts: tenantPaymentAccounts.accounts }).from(tenantPaymentAccounts).where(eq(tenantPaymentAccounts.tenantId, tenantId)).limit(1);
  return row?.accounts ?? {};
}

/** The account and the API base URL the server calls for it; SP:PaymentProviderNotConfigured when there is none (or it is a sandbox that is off). */
export function providerApi(accounts: PaymentAccounts, provider: PaymentProvider, sandbox: SandboxSetting): { account: ProviderAccount; baseUrl: string } {
  const account = accounts[provider];
  if (!account?.secretKey) throw notConfigured(provider);
  if (account.baseUrl === "sandbox") {
    if (!sandbox.enabled) throw notConfigured(provider);
    return { account, baseUrl: `${sandbox.origin.replace(/\/$/, "")}${SANDBOX_API_PATHS[provider]}` };
  }
  return { account, baseUrl: (account.baseUrl ?? LIVE_API_URLS[provider]).replace(/\/$/, "") };
}

/** Browser-safe addresses (relative for the sandboxes, so they work on every tenant host). */
export function publicPaymentEndpoints(accounts: PaymentAccounts, onlineProvider: string | undefined, sandboxEnabled: boolean): PaymentEndpoints {
  const pick = <T>(account: ProviderAccount | undefined, live: T, local: T): T | null => {
    if (!account?.secretKey) return null;
    if (account.baseUrl === "sandbox") return sandboxEnabled ? local : null;
    return live;
  };
  const cardProvider: PaymentProvider = onlineProvider === "rekaz-pay" ? "rekaz-pay" : "myfatoorah";
  const moyasar = accounts.moyasar;
  return {
    moyasarApiUrl: pick(moyasar, moyasar?.baseUrl && moyasar.baseUrl !== "sandbox" ? moyasar.baseUrl : LIVE_API_URLS.moyasar, SANDBOX_API_PATHS.moyasar),
    myfatoorahScriptUrl: pick(accounts[cardProvider], LIVE_SCRIPTS.myfatoorah, SANDBOX_SCRIPTS.myfatoorah),
    tabbyCardScriptUrl: pick(accounts.tabby, LIVE_SCRIPTS.tabbyCard, SANDBOX_SCRIPTS.tabbyCard),
    tamaraWidgetScriptUrl: pick(accounts.tamara, LIVE_SCRIPTS.tamaraWidget, SANDBOX_SCRIPTS.tamaraWidget),
  };
}

/** This process's sandbox switch and the origin its own /sandbox/* answers on. */
export async function sandboxSetting(): Promise<SandboxSetting> {
  const { env } = await import("@/contract/env");
  const e = env();
  return { enabled: e.SANDBOX, origin: e.SANDBOX_ORIGIN ?? `http://127.0.0.1:${e.PORT}` };
}
