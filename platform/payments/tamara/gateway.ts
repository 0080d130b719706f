import { z } from "zod";
import type { PaymentGateway } from "../provider";
import { webhookBody, webhookPaymentId } from "../webhook-checks";
import { authoriseTamaraOrder, fetchTamaraOrder, verifyTamaraNotification } from "./client";

const webhook = z.object({ order_id: webhookPaymentId });

/**
 * Tamara: an order by its id, authorised by us once Tamara approves it (Tamara pays the merchant
 * only for an authorised order); notifications carry a JWT signed with the notification token.
 */
export const tamaraGateway: PaymentGateway = {
  name: "tamara",
  api: { live: "https://api.tamara.co", sandboxPath: "/sandbox/tamara" },
  keysFile: { publicFields: { publicKey: "tamaraPublicKey", merchantCode: "tamaraMerchantCode" } },
  browser: { live: "https://cdn.tamara.co/widget-v2/tamara-widget.js", sandbox: "/sandbox/tamara/widget-v2/tamara-widget.js" },
  verify: async (cfg, ref, expected) => {
    const state = await fetchTamaraOrder(cfg, ref);
    if (state.status !== "approved") return state;
    // An approved order for another amount is never authorised: Tamara then takes nothing.
    if (state.amount !== expected.amount || state.currency !== expected.currency) return { ...state, status: "failed", failureReason: "SP:PaymentAmountMismatch" };
    return authoriseTamaraOrder(cfg, ref);
  },
  webhookRef: async (secret, req) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
    await verifyTamaraNotification(req.query.tamaraToken ?? bearer, secret);
    return webhookBody(webhook.safeParse(req.body)).order_id;
  },
};
