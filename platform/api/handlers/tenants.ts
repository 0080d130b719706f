import { tenants } from "@/contract/endpoints/tenants";
import { env } from "@/server/env";
import { PlatformError } from "../../errors";
import { loadPaymentAccounts, publicPaymentEndpoints } from "../../payments/accounts";
import { contentVersion } from "../../services/content-version";
import { canonicalHost, hostOptions, resolveTenantByHost } from "../../services/tenants";
import { publicSettings } from "../../services/website";
import { hasWalletCertificate, walletPassState } from "../../services/wallet-passes";
import { handlers } from "../define";

export const tenantsHandlers = handlers(tenants, {
  resolve: async ({ db, query }) => {
    const e = env();
    const row = await resolveTenantByHost(db, query.host.toLowerCase(), hostOptions(e));
    if (!row) throw new PlatformError("SP:TenantNotFound", 404, "No store at this address");
    const payments = publicPaymentEndpoints(
      await loadPaymentAccounts(db, row.id),
      row.settings.onlinePaymentProvider,
      e.SANDBOX,
    );
    const walletPasses = walletPassState(row.settings, await hasWalletCertificate(db, row.id)).offered;
    const host = await canonicalHost(db, row, e.BASE_DOMAIN);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      settings: publicSettings(row.settings),
      payments,
      walletPasses,
      host,
    };
  },
  contentVersion: async ({ db, params }) => {
    const version = await contentVersion(db, params.id);
    if (version === "gone") throw new PlatformError("SP:TenantNotFound", 404, "No such store");
    return { version };
  },
});
