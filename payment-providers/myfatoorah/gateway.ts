import type { PaymentGateway } from "@/platform/payments/provider";
import { badSignature } from "@/platform/payments/webhook-checks";
import {
  getMyFatoorahPaymentStatus,
  makeMyFatoorahRefund,
  myFatoorahRefunds,
  verifiedMyFatoorahInvoice,
} from "./client";

/**
 * MyFatoorah: an invoice's status by its InvoiceId; webhooks (versions 1 and 2) signed with the
 * account's secret key as MyFatoorah's library signs them; refunds by MakeRefund. A card payment
 * is captured when it is paid, so there is nothing to void: money back is a refund.
 */
export const myfatoorahGateway: PaymentGateway = {
  name: "myfatoorah",
  api: { live: "https://api-sa.myfatoorah.com", sandboxPath: "/sandbox/myfatoorah" },
  keysFile: { publicFields: {} },
  goLive:
    "MyFatoorah portal: enable webhooks (version 1 or 2) on the webhook URL and copy the webhook secret key into webhookSecret",
  verify: (cfg, ref) => getMyFatoorahPaymentStatus(cfg, { key: ref, keyType: "InvoiceId" }),
  webhookRef: async (secret, req) => {
    const invoice = verifiedMyFatoorahInvoice(req.body, req.headers, secret);
    if (!invoice) throw badSignature();
    return invoice;
  },
  refund: (cfg, ref, amount, reason, key) =>
    makeMyFatoorahRefund(cfg, { invoiceId: ref, amount, comment: reason, externalIdentifier: key }),
  refunded: (cfg, ref) => myFatoorahRefunds(cfg, ref),
};

/** rekaz-pay speaks MyFatoorah's API with an account of its own (spec §9). */
export const rekazPayGateway: PaymentGateway = {
  ...myfatoorahGateway,
  name: "rekaz-pay",
  goLive:
    "rekaz-pay (MyFatoorah's portal): enable webhooks on the webhook URL and copy the webhook secret key into webhookSecret",
};

/** The folder's gateways, by the name each provider's accounts are kept under. */
export const myfatoorahGateways = { myfatoorah: myfatoorahGateway, "rekaz-pay": rekazPayGateway };
