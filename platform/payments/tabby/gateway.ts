import { z } from "zod";
import { secretsEqual } from "../http";
import type { PaymentGateway } from "../provider";
import { badSignature, webhookBody, webhookPaymentId } from "../webhook-checks";
import { fetchTabbyPayment } from "./client";

const webhook = z.object({ id: webhookPaymentId });

/** Tabby: a payment by its id; webhooks carry the account's secret in a header. */
export const tabbyGateway: PaymentGateway = {
  name: "tabby",
  api: { live: "https://api.tabby.sa", sandboxPath: "/sandbox/tabby" },
  keysFile: { publicFields: { publicKey: "tabbyPublicKey", merchantCode: "tabbyMerchantCode" } },
  browser: { live: "https://checkout.tabby.ai/tabby-card.js", sandbox: "/sandbox/tabby/tabby-card.js" },
  verify: (cfg, ref) => fetchTabbyPayment(cfg, ref),
  webhookRef: async (secret, req) => {
    if (!secretsEqual(req.headers.get("x-webhook-secret"), secret)) throw badSignature();
    return webhookBody(webhook.safeParse(req.body)).id;
  },
};
