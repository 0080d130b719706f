import "server-only";
import type { Db } from "../db/client";
import type { PaymentProvider } from "../db/schema";
import { PlatformError } from "../errors";
import type { VerifiedWebhook } from "../api/define";
import type { WebhookRequest } from "./provider";
import { gatewayOf, providerConfig } from "./gateways";
import { badSignature } from "./webhook-checks";

/**
 * The webhook auth level (no bearer): the notification is checked with the tenant's webhook secret for that
 * provider and names a payment; nothing in it is believed beyond that name (the settlement asks the
 * provider). No secret configured: nothing can be verified, so nothing is believed.
 */
export async function verifyWebhook(
  db: Db,
  tenantId: string,
  provider: PaymentProvider,
  req: WebhookRequest,
): Promise<VerifiedWebhook> {
  const { account } = await providerConfig(db, tenantId, provider).catch((err: unknown) => {
    // No account with this provider here: the webhook names nothing of this store (a 404, not the
    // 503 a checkout gets), e.g. another store's webhook sent to this store's address.
    if (err instanceof PlatformError && err.code === "SP:PaymentProviderNotConfigured")
      throw new PlatformError(err.code, 404, err.message, err.details);
    throw err;
  });
  if (!account.webhookSecret) throw badSignature();
  return { provider, ref: await gatewayOf(provider).webhookRef(account.webhookSecret, req, account) };
}
