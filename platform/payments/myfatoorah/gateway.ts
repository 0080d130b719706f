import { z } from "zod";
import type { PaymentGateway } from "../provider";
import { badSignature, webhookBody, webhookPaymentId } from "../webhook-checks";
import { getMyFatoorahPaymentStatus, verifyMyFatoorahSignature } from "./client";

const webhook = z.object({ Data: z.looseObject({ InvoiceId: webhookPaymentId }) });

/** MyFatoorah: an invoice's status by its InvoiceId; webhooks signed with the account's secret key. */
export const myfatoorahGateway: PaymentGateway = {
  name: "myfatoorah",
  api: { live: "https://api-sa.myfatoorah.com", sandboxPath: "/sandbox/myfatoorah" },
  keysFile: { publicFields: {} },
  browser: { live: "https://sa.myfatoorah.com/cardview/v1/session.js", sandbox: "/sandbox/myfatoorah/cardview/v1/session.js" },
  verify: (cfg, ref) => getMyFatoorahPaymentStatus(cfg, { key: ref, keyType: "InvoiceId" }),
  webhookRef: async (secret, req) => {
    const body = webhook.safeParse(req.body);
    const data = body.success ? (req.body as { Data: Record<string, unknown> }).Data : null;
    if (!data || !verifyMyFatoorahSignature(data, req.headers.get("myfatoorah-signature"), secret)) throw badSignature();
    return webhookBody(body).Data.InvoiceId;
  },
};

/** rekaz-pay speaks MyFatoorah's API with an account of its own (spec §9). */
export const rekazPayGateway: PaymentGateway = { ...myfatoorahGateway, name: "rekaz-pay" };
