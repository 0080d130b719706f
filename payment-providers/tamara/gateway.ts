import { z } from "zod";
import { ProviderError, type PaymentGateway } from "@/platform/payments/provider";
import { webhookBody, webhookPaymentId } from "@/platform/payments/webhook-checks";
import {
  authoriseTamaraOrder,
  cancelTamaraOrder,
  captureTamaraOrder,
  fetchTamaraOrder,
  refundTamaraOrder,
  tamaraRefunds,
  verifyTamaraNotification,
} from "./client";

const webhook = z.object({ order_id: webhookPaymentId });

/**
 * Tamara: an order by its id, authorised by us once Tamara approves it (Tamara pays the merchant
 * only for an authorised order), then captured at once unless the account captures at fulfilment
 * (Tamara would capture by itself only after 21 days); notifications carry a JWT signed with the
 * notification token, in the Authorization header (else the tamaraToken query parameter).
 */
export const tamaraGateway: PaymentGateway = {
  name: "tamara",
  api: { live: "https://api.tamara.co", sandboxPath: "/sandbox/tamara" },
  keysFile: {
    publicFields: { publicKey: "tamaraPublicKey", merchantCode: "tamaraMerchantCode" },
    secretFields: ["captureOn"],
    choices: { captureOn: ["authorisation", "fulfilment"] },
  },
  goLive:
    "Tamara partners portal: copy the notification token into webhookSecret (the notification URL is sent with each order)",
  sendsWebhookUrl: true,
  verify: async (cfg, ref, expected, opts) => {
    let state = await fetchTamaraOrder(cfg, ref);
    // An approved order nobody authorises is never charged: looking is enough.
    if (opts?.take === false) return state;
    if (state.status === "approved") {
      // An approved order for another amount is never authorised: Tamara then takes nothing.
      if (state.amount !== expected.amount || state.currency !== expected.currency)
        return { ...state, status: "failed", failureReason: "SP:PaymentAmountMismatch" };
      state = await authoriseTamaraOrder(cfg, ref);
    }
    if (state.status !== "authorized" || cfg.fields?.captureOn === "fulfilment") return state;
    try {
      await captureTamaraOrder(cfg, ref, state.amount, state.currency);
    } catch (err) {
      // A capture that lost a race with another settlement is refused: the order as it now stands answers.
      if (!(err instanceof ProviderError && err.code === "SP:RefundRefused")) throw err;
    }
    return fetchTamaraOrder(cfg, ref);
  },
  webhookRef: async (secret, req) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
    await verifyTamaraNotification(bearer ?? req.query.tamaraToken, secret);
    return webhookBody(webhook.safeParse(req.body)).order_id;
  },
  refund: async (cfg, ref, amount, reason, key) => ({
    refundId: await refundTamaraOrder(cfg, ref, amount, reason, key),
    amount,
  }),
  refunded: (cfg, ref) => tamaraRefunds(cfg, ref),
  void: async (cfg, ref, amount) => {
    await cancelTamaraOrder(cfg, ref, amount);
  },
  capture: async (cfg, ref, amount) => {
    await captureTamaraOrder(cfg, ref, amount);
    return fetchTamaraOrder(cfg, ref);
  },
};
