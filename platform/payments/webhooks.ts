import "server-only";
import { z } from "zod";
import type { Db } from "../db/client";
import type { PaymentProvider } from "../db/schema";
import { PlatformError } from "../errors";
import { secretsEqual } from "../providers/http";
import { verifyMyFatoorahSignature } from "../providers/myfatoorah";
import { verifyTamaraNotification } from "../providers/tamara";
import type { VerifiedWebhook } from "../api/define";
import { providerConfig } from "../services/payments-providers";
import { SINGLE_LINE_TEXT } from "@/contract/text";

/**
 * Provider webhooks (no bearer): each is verified with the tenant's webhook secret for that
 * provider, then only names the payment — its state comes from asking the provider, exactly as a
 * callback does, through the one settlement.
 */

export type WebhookRequest = { body: unknown; headers: Headers; query: { tamaraToken?: string } };

const badSignature = () => new PlatformError("SP:InvalidWebhookSignature", 401, "The webhook's signature is not valid");

// A provider's payment id: printable text (NUL or broken UTF-16 would fail the lookup with a 500) or an integer.
const id = z.union([z.string().min(1).max(200).regex(SINGLE_LINE_TEXT), z.number().int().transform(String)]);
const moyasarBody = z.object({ secret_token: z.string().optional(), data: z.object({ id }) });
const myfatoorahBody = z.object({ Data: z.looseObject({ InvoiceId: id }) });
const tabbyBody = z.object({ id });
const tamaraBody = z.object({ order_id: id });

/** The provider's id of the payment the verified webhook is about. */
async function verifiedRef(provider: PaymentProvider, secret: string, req: WebhookRequest): Promise<string> {
  switch (provider) {
    case "moyasar": {
      const body = moyasarBody.safeParse(req.body);
      if (!secretsEqual(body.data?.secret_token, secret)) throw badSignature();
      return parsed(body).data.id;
    }
    case "myfatoorah":
    case "rekaz-pay": {
      const body = myfatoorahBody.safeParse(req.body);
      const data = body.success ? (req.body as { Data: Record<string, unknown> }).Data : null;
      if (!data || !verifyMyFatoorahSignature(data, req.headers.get("myfatoorah-signature"), secret)) throw badSignature();
      return parsed(body).Data.InvoiceId;
    }
    case "tabby":
      if (!secretsEqual(req.headers.get("x-webhook-secret"), secret)) throw badSignature();
      return parsed(tabbyBody.safeParse(req.body)).id;
    case "tamara": {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
      await verifyTamaraNotification(req.query.tamaraToken ?? bearer, secret);
      return parsed(tamaraBody.safeParse(req.body)).order_id;
    }
  }
}

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new PlatformError("SP:ValidationError", 400, "The webhook's body is not what this provider sends");
  return result.data;
}

/**
 * The webhook auth level: the notification is checked with the tenant's webhook secret for that
 * provider and names a payment; nothing in it is believed beyond that name (the settlement asks the
 * provider). No secret configured: nothing can be verified, so nothing is believed.
 */
export async function verifyWebhook(db: Db, tenantId: string, provider: PaymentProvider, req: WebhookRequest): Promise<VerifiedWebhook> {
  const { account } = await providerConfig(db, tenantId, provider).catch((err: unknown) => {
    // No account with this provider here: the webhook names nothing of this store (a 404, not the
    // 503 a checkout gets), e.g. another store's webhook sent to this store's address.
    if (err instanceof PlatformError && err.code === "SP:PaymentProviderNotConfigured") throw new PlatformError(err.code, 404, err.message, err.details);
    throw err;
  });
  if (!account.webhookSecret) throw badSignature();
  return { provider, ref: await verifiedRef(provider, account.webhookSecret, req) };
}
