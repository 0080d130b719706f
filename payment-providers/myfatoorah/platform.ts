import "server-only";
import { ownerOf } from "@/platform/api/define";
import { defineServer } from "@/platform/payments/server-part";
import { myfatoorahContract } from "./contract";
import { myfatoorahGateways } from "./gateway";
import { myfatoorahSandbox } from "./sandbox/simulator";
import { executeCardPayment, initiateCardSession } from "./start";

/**
 * MyFatoorah and rekaz-pay on the platform: their gateways, the embedded card form's endpoints
 * (whose account is the store's setting) and the sandbox both accounts' sandbox addresses name.
 */
export const myfatoorahServer = defineServer(myfatoorahContract, {
  gateways: myfatoorahGateways,
  handlers: {
    initiateSession: ({ db, tenant, customer, channel, locale, params, query }) =>
      initiateCardSession(db, ownerOf(tenant, customer), params.cartId, query, { channel, locale }),
    executeCartPayment: ({ db, tenant, customer, channel, locale, client, query, body }, payments) =>
      executeCardPayment(
        db,
        ownerOf(tenant, customer),
        { ...query, checkout: body.checkout },
        { channel, locale, client },
        payments,
      ),
  },
  sandbox: myfatoorahSandbox,
});
