import { z } from "zod";
import { validation } from "@/platform/errors";
import { secretsEqual } from "@/platform/payments/http";
import { ProviderError, type PaymentGateway } from "@/platform/payments/provider";
import { badSignature, webhookBody, webhookPaymentId } from "@/platform/payments/webhook-checks";
import {
  captureTabbyPayment,
  closeTabbyPayment,
  fetchTabbyPayment,
  readTabbyPayment,
  refundTabbyPayment,
  tabbyRefunds,
  registerTabbyWebhook,
  tabbyState,
} from "./client";

const webhook = z.object({ id: webhookPaymentId });

/** Tabby's default webhook header title; the merchant may register another (keys file `webhookHeader`). */
export const TABBY_WEBHOOK_HEADER = "X-Webhook-Secret";

/**
 * Tabby: a payment by its id. An AUTHORIZED payment is only reserved: Tabby asks the merchant to
 * capture it at once, so verifying captures it in full when its amount is the attempt's, and closes
 * it (nothing taken) when it is not. Webhooks carry the account's secret under the header title the
 * merchant registered.
 */
export const tabbyGateway: PaymentGateway = {
  name: "tabby",
  api: { live: "https://api.tabby.sa", sandboxPath: "/sandbox/tabby" },
  keysFile: {
    publicFields: { publicKey: "tabbyPublicKey", merchantCode: "tabbyMerchantCode" },
    secretFields: ["webhookHeader", "storeCity", "storeZip"],
  },
  goLive:
    "Tabby: the webhook is registered with `--register-webhook` (header title webhookHeader, default X-Webhook-Secret, value webhookSecret)",
  registerWebhook: async (cfg, hook) => {
    const merchantCode = hook.settings.tabbyMerchantCode;
    if (!merchantCode) throw validation(`The tabby account has no merchantCode (keys file); nothing was registered`);
    const title = hook.account.webhookHeader || TABBY_WEBHOOK_HEADER;
    await registerTabbyWebhook(cfg, { merchantCode, url: hook.url, header: { title, value: hook.secret } });
    return { header: title };
  },
  verify: async (cfg, ref, expected, opts) => {
    const state = await fetchTabbyPayment(cfg, ref);
    if (state.status !== "authorized" || opts?.take === false) return state;
    if (state.amount !== expected.amount || state.currency !== expected.currency) {
      await closeTabbyPayment(cfg, ref);
      return { ...state, status: "failed", failureReason: "SP:PaymentAmountMismatch" };
    }
    try {
      return tabbyState(await captureTabbyPayment(cfg, ref, state.amount, ref));
    } catch (err) {
      // Two settlements at once (return and webhook): the second capture is refused, as nothing is
      // left to capture; the payment as it now stands is the answer.
      if (err instanceof ProviderError && err.code === "SP:RefundRefused") return fetchTabbyPayment(cfg, ref);
      throw err;
    }
  },
  webhookRef: async (secret, req, account) => {
    if (!secretsEqual(req.headers.get(account.webhookHeader || TABBY_WEBHOOK_HEADER), secret)) throw badSignature();
    return webhookBody(webhook.safeParse(req.body)).id;
  },
  refund: async (cfg, ref, amount, reason, key) => {
    const payment = await refundTabbyPayment(cfg, ref, amount, reason, key);
    return {
      refundId: (payment.refunds?.find((r) => r.reference_id === key) ?? payment.refunds?.at(-1))?.id ?? payment.id,
      amount,
    };
  },
  refunded: async (cfg, ref) => tabbyRefunds(await readTabbyPayment(cfg, ref)),
  void: async (cfg, ref) => {
    await closeTabbyPayment(cfg, ref);
  },
  capture: async (cfg, ref, amount) => tabbyState(await captureTabbyPayment(cfg, ref, amount, ref)),
};
