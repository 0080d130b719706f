import { z } from "zod";
import { secretsEqual } from "@/platform/payments/http";
import type { PaymentGateway } from "@/platform/payments/provider";
import { badSignature, webhookBody, webhookPaymentId } from "@/platform/payments/webhook-checks";
import {
  captureMoyasarPayment,
  fetchMoyasarPayment,
  moyasarState,
  refundMoyasarPayment,
  registerMoyasarWebhook,
  voidMoyasarPayment,
} from "./client";

const webhook = z.object({ secret_token: z.string().optional(), data: z.object({ id: webhookPaymentId }) });

/**
 * Moyasar (cards and Apple Pay): a payment by its id; webhooks carry the account's secret token in
 * the body; refund, void and capture by the payment's id (secret key).
 */
export const moyasarGateway: PaymentGateway = {
  name: "moyasar",
  api: { live: "https://api.moyasar.com/v1", sandboxPath: "/sandbox/moyasar/v1" },
  keysFile: {
    publicFields: { publishableKey: "moyasarPublicTokenKey" },
    secretFields: ["applePayDomainAssociation"],
    pairedWithSecret: "publishableKey",
  },
  goLive:
    "Moyasar dashboard: enable tokenization (the card form makes tokens); the webhook is registered with `--register-webhook` (its shared secret is webhookSecret)",
  registerWebhook: async (cfg, hook) => {
    await registerMoyasarWebhook(cfg, { url: hook.url, sharedSecret: hook.secret });
    return { header: null };
  },
  verify: async (cfg, ref) => moyasarState(await fetchMoyasarPayment(cfg, ref)),
  webhookRef: async (secret, req) => {
    const body = webhook.safeParse(req.body);
    if (!secretsEqual(body.data?.secret_token, secret)) throw badSignature();
    return webhookBody(body).data.id;
  },
  // Moyasar's refund takes no key of the merchant's: a lost answer is told by the payment's refunded total.
  refund: async (cfg, ref, amount) => {
    const payment = await refundMoyasarPayment(cfg, ref, amount);
    return { refundId: payment.id, amount };
  },
  refunded: async (cfg, ref) => ({ total: (await fetchMoyasarPayment(cfg, ref)).refunded ?? 0, keys: [] }),
  void: async (cfg, ref) => {
    await voidMoyasarPayment(cfg, ref);
  },
  capture: async (cfg, ref, amount) => moyasarState(await captureMoyasarPayment(cfg, ref, amount)),
};
