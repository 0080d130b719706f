import { z } from "zod";
import { BROWSER_ASSETS, type BrowserField } from "@/payment-providers/profiles";

/**
 * Browser-safe addresses of the tenant's payment providers, one field per provider that the
 * browser loads something from (its profile's `browser`): the live provider's or this app's
 * /sandbox/<provider> (relative). Null where the tenant has no account with that provider. Secrets
 * never travel here: they stay in the platform's tenant_payment_accounts.
 */
export const PaymentEndpoints = z.object(
  Object.fromEntries(BROWSER_ASSETS.map((a) => [a.field, z.string().nullable()])) as Record<
    BrowserField,
    z.ZodNullable<z.ZodString>
  >,
);
export type PaymentEndpoints = z.infer<typeof PaymentEndpoints>;

export const TenantDto = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  settings: z.record(z.string(), z.string()),
  payments: PaymentEndpoints,
  /** Apple Wallet passes are offered: the setting is on and the store has its certificate. */
  walletPasses: z.boolean(),
  /**
   * The store's one canonical host: its first custom domain, else `<slug>.<BASE_DOMAIN>`. Every
   * other name it answers at (the default store's bare domain and localhost) points canonical,
   * hreflang and sitemap addresses here.
   */
  host: z.string(),
});
export type TenantDto = z.infer<typeof TenantDto>;

/** What a platform call needs to know of its tenant. */
export type TenantRef = Omit<TenantDto, "payments" | "walletPasses" | "host">;
