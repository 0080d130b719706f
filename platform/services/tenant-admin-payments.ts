import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import {
  tenantPaymentAccounts,
  tenants,
  type PaymentAccounts,
  type PaymentProvider,
  type ProviderAccount,
} from "../db/schema";
import { PlatformError, validation } from "../errors";
import { parseLanguages } from "@/contract/tenant-settings";
import { PAYMENT_PROVIDERS } from "@/payment-providers/profiles";
import { gatewayOf, providerApi } from "../payments/gateways";
import { sandboxSetting } from "../payments/accounts";
import { checkSettings, type SettingsIssue } from "./tenant-settings-check";
import { loadTenant, providerApiOf, tenantBySlug, type AdminOptions, type ProviderApi } from "./tenant-admin";

/**
 * A tenant's provider accounts (tenant_payment_accounts) written by the operator: one command
 * moves a provider from the sandbox to the live API with the live keys, and the publishable keys
 * the browser needs go into the settings map in the same transaction. Keys are never read back:
 * `showTenant` masks them.
 */

const secret = z.string().trim().min(1, "must not be empty");

/** A provider's keys file: its secret key, webhook secret, and the fields its gateway declares. */
function keysFileSchema(provider: PaymentProvider) {
  const { publicFields, secretFields = [], choices = {} } = gatewayOf(provider).keysFile;
  const optional = (fields: readonly string[]) =>
    Object.fromEntries(fields.map((f) => [f, (choices[f] ? z.enum(choices[f]) : secret).optional()]));
  return z.strictObject({
    secretKey: secret.refine(
      (v) => !v.startsWith("pk_"),
      "is a publishable key (pk_…); the secret key is the sk_… one",
    ),
    webhookSecret: secret.optional(),
    ...optional(secretFields),
    ...optional(Object.keys(publicFields)),
  });
}

export function parseProvider(value: string): PaymentProvider {
  const found = PAYMENT_PROVIDERS.find((p) => p === value);
  if (!found) throw validation(`Unknown provider "${value}": one of ${PAYMENT_PROVIDERS.join(", ")}`);
  return found;
}

function baseUrlOf(api: ProviderApi): string | undefined {
  if (api === "live") return undefined;
  if (api === "sandbox") return "sandbox";
  let url: URL | null = null;
  try {
    url = new URL(api.url);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw validation(`Invalid base URL "${api.url}": an absolute http(s) URL`);
  return api.url;
}

const keyMode = (key: string | undefined) => /^[a-z]{2}_(live|test)_/.exec(key ?? "")?.[1];

export type PaymentAccountResult = {
  provider: PaymentProvider;
  api: ProviderApi;
  settings: string[];
  warnings: string[];
};

/**
 * Sets one provider account from a parsed keys file ({secretKey, webhookSecret?, …}), replacing the
 * provider's earlier account whole (no sandbox secret lingers beside a live key).
 */
export async function setPaymentAccount(
  db: Db,
  slug: string,
  provider: PaymentProvider,
  keys: unknown,
  api: ProviderApi,
): Promise<PaymentAccountResult> {
  const parsed = keysFileSchema(provider).safeParse(keys);
  if (!parsed.success) {
    const issues: SettingsIssue[] = parsed.error.issues.map((i) =>
      i.code === "unrecognized_keys"
        ? {
            key: i.keys.join(", "),
            message: `not a field of a ${provider} keys file (fields: ${Object.keys(keysFileSchema(provider).shape).join(", ")}); the API is chosen with --live, --sandbox or --base-url`,
          }
        : { key: i.path.map(String).join(".") || "(file)", message: i.message },
    );
    throw validation(`Invalid ${provider} keys file; nothing was changed`, { issues });
  }
  const { publicFields, secretFields = [] } = gatewayOf(provider).keysFile;
  const { secretKey, webhookSecret, ...rest } = parsed.data as Record<string, string | undefined>;
  const publicValues = Object.fromEntries(Object.entries(rest).filter(([field]) => field in publicFields));
  const secretValues = Object.fromEntries(Object.entries(rest).filter(([field]) => secretFields.includes(field)));
  const settings = Object.fromEntries(
    Object.entries(publicValues).map(([field, value]) => [publicFields[field]!, value!]),
  );
  const checked = checkSettings(settings, { allowNull: false });
  if (!checked.ok) throw validation(`Invalid ${provider} keys file; nothing was changed`, { issues: checked.issues });
  const paired = gatewayOf(provider).keysFile.pairedWithSecret;
  const [publicMode, secretMode] = [paired ? keyMode(publicValues[paired]) : undefined, keyMode(secretKey)];
  if (publicMode && secretMode && publicMode !== secretMode) {
    throw validation(
      `The ${provider} keys do not pair: the ${paired} is a ${publicMode} key, the secret key a ${secretMode} key; nothing was changed`,
    );
  }
  const account: ProviderAccount = { baseUrl: baseUrlOf(api), secretKey: secretKey!, webhookSecret, ...secretValues };
  const clean = JSON.parse(JSON.stringify(account)) as ProviderAccount; // drops the absent fields
  await db.transaction(async (tx) => {
    const tenant = await tenantBySlug(tx, slug, { lock: true });
    const [row] = await tx
      .select({ accounts: tenantPaymentAccounts.accounts })
      .from(tenantPaymentAccounts)
      .where(eq(tenantPaymentAccounts.tenantId, tenant.id));
    const accounts: PaymentAccounts = { ...row?.accounts, [provider]: clean };
    await tx
      .insert(tenantPaymentAccounts)
      .values({ tenantId: tenant.id, accounts })
      .onConflictDoUpdate({ target: tenantPaymentAccounts.tenantId, set: { accounts, updatedAt: new Date() } });
    if (Object.keys(checked.change.set).length > 0)
      await tx
        .update(tenants)
        .set({ settings: { ...tenant.settings, ...checked.change.set } })
        .where(eq(tenants.id, tenant.id));
  });
  const warnings = webhookSecret
    ? []
    : [`no webhookSecret: ${provider}'s webhooks will be refused (the done page and callbacks still settle payments)`];
  return { provider, api: providerApiOf(clean.baseUrl), settings: Object.keys(checked.change.set), warnings };
}

export async function removePaymentAccount(db: Db, slug: string, provider: PaymentProvider): Promise<void> {
  await db.transaction(async (tx) => {
    const tenant = await tenantBySlug(tx, slug, { lock: true });
    const [row] = await tx
      .select({ accounts: tenantPaymentAccounts.accounts })
      .from(tenantPaymentAccounts)
      .where(eq(tenantPaymentAccounts.tenantId, tenant.id));
    if (!row?.accounts[provider])
      throw new PlatformError("SP:EntityNotFound", 404, `"${slug}" has no ${provider} account`);
    const accounts = { ...row.accounts };
    delete accounts[provider];
    await tx
      .update(tenantPaymentAccounts)
      .set({ accounts, updatedAt: new Date() })
      .where(eq(tenantPaymentAccounts.tenantId, tenant.id));
  });
}

/** A secret as an operator may see it: its kind prefix (sk_live_) and at most its last 4 characters. */
export function maskSecret(value: string): string {
  const prefix = /^[a-z]{2,8}_(?:live|test)_/i.exec(value)?.[0] ?? "";
  const rest = value.slice(prefix.length);
  return rest.length >= 12 ? `${prefix}…${rest.slice(-4)}` : `${prefix}…`;
}

export type MaskedAccount = {
  provider: string;
  api: ProviderApi;
  secretKey: string;
  webhookSecret: string | null;
  applePayDomainAssociation: boolean;
  webhookUrl: string;
};

/** One tenant for `show`: settings (public), addresses, and provider accounts with every secret masked. */
export async function showTenant(db: Db, slug: string, opts: AdminOptions) {
  const { row, domains, accounts } = await loadTenant(db, slug);
  const platformHost = `${row.slug}.${opts.baseDomain}`;
  const host = domains[0] ?? platformHost;
  const payments: MaskedAccount[] = Object.entries(accounts).map(([provider, account]) => ({
    provider,
    api: providerApiOf(account?.baseUrl),
    secretKey: maskSecret(account?.secretKey ?? ""),
    webhookSecret: account?.webhookSecret ? maskSecret(account.webhookSecret) : null,
    applePayDomainAssociation: !!account?.applePayDomainAssociation,
    webhookUrl: `https://${host}/api/app/payment/webhooks/${provider}`,
  }));
  const settings = Object.fromEntries(Object.entries(row.settings).sort(([a], [b]) => a.localeCompare(b)));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    addresses: [platformHost, ...domains],
    domains,
    languages: parseLanguages(row.settings.frontendLanguages),
    settings,
    payments,
  };
}

/**
 * What a provider's account needs before it takes live money (its gateway's `goLive`). A provider
 * whose API registers webhooks takes `--register-webhook`; the others are set in the provider's
 * dashboard, so the CLI names the setting and checks what the account holds.
 */
export const goLiveNote = (provider: PaymentProvider) => gatewayOf(provider).goLive;

/** Where the operator tells the provider the store's webhook URL: nowhere (it goes with each payment), or the provider's own setting. */
export const webhookUrlSentWithPayments = (provider: PaymentProvider) => !!gatewayOf(provider).sendsWebhookUrl;

export type WebhookRegistration = {
  provider: PaymentProvider;
  url: string;
  registered: boolean;
  header: string | null;
  note: string;
};

/** Registers the tenant's webhook URL with the provider where its API allows it, else says where to set it. */
export async function registerPaymentWebhook(
  db: Db,
  slug: string,
  provider: PaymentProvider,
  opts: AdminOptions,
): Promise<WebhookRegistration> {
  const details = await showTenant(db, slug, opts);
  const url = details.payments.find((p) => p.provider === provider)?.webhookUrl;
  const { row, accounts } = await loadTenant(db, slug);
  const account = accounts[provider];
  if (!account || !url) throw new PlatformError("SP:EntityNotFound", 404, `"${slug}" has no ${provider} account`);
  const gateway = gatewayOf(provider);
  if (!gateway.registerWebhook) return { provider, url, registered: false, header: null, note: gateway.goLive };
  if (!account.webhookSecret)
    throw validation(
      `The ${provider} account has no webhookSecret: ${provider} would send webhooks nobody can verify; nothing was registered`,
    );
  const { baseUrl } = providerApi(accounts, provider, await sandboxSetting());
  const { header } = await gateway.registerWebhook(
    { baseUrl, secretKey: account.secretKey, provider },
    { url, secret: account.webhookSecret, account, settings: row.settings },
  );
  return { provider, url, registered: true, header, note: gateway.goLive };
}
