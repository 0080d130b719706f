import "server-only";
import { z } from "zod";
import type { Db } from "../db/client";
import type { PaymentProvider } from "../db/schema";
import { PlatformError } from "../errors";
import { secretsEqual } from "../providers/http";
import { verifyMyFatoorahSignature } from "../providers/myfatoorah";
import { verifyTamaraNotification } from "../providers/tamara";
import type { SettlementDto } from "@/lib/platform-client/types";
import { providerConfig } from "./payments-providers";
import { settleByProviderRef } from "./payments-settle";

/**
 * Provider webhooks (no bearer): each is verified with the tenant's webhook secret for that
 * provider, then only names the payment — its state comes from asking the provider, exactly as a
 * callback does, through the one settlement.
 */

export type WebhookRequest = { body: unknown; headers: Headers; query: URLSearchParams };

const badSignature = () => new PlatformError("SP:InvalidWebhookSignature", 401, "The webhook's signature is not valid");

// A provider's payment id: printable text (NUL or broken UTF-16 would fail the lookup with a 500) or an integer.
const id = z.union([z.string().min(1).max(200).regex(/^[^\p{Cc}\p{Cs}]*$/u), z.number().int().transform(String)]);
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
      await verifyTamaraNotification(req.query.get("tamaraToken") ?? bearer, secret);
      return parsed(tamaraBody.safeParse(req.body)).order_id;
    }
  }
}

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new PlatformError("SP:ValidationError", 400, "The webhook's body is not what this provider sends");
  return result.data;
}

/** POST payment/webhooks/{provider}: verified, then settled; a payment we never made answers "none". */
export async function handleWebhook(db: Db, tenantId: string, provider: PaymentProvider, req: WebhookRequest): Promise<SettlementDto> {
  const { account } = await providerConfig(db, tenantId, provider);
  // No secret configured: nothing can be verified, so nothing is believed.
  if (!account.webhookSecret) throw badSignature();
  const ref = await verifiedRef(provider, account.webhookSecret, req);
  return settleByProviderRef(db, tenantId, provider, ref);
}
