import "server-only";
import { notFound } from "@/platform/errors";
import { loadPaymentAccounts } from "@/platform/payments/accounts";
import { ownerOf } from "@/platform/api/define";
import { defineServer } from "@/platform/payments/server-part";
import { moyasarContract } from "./contract";
import { moyasarGateway } from "./gateway";
import { moyasarSandbox } from "./sandbox/simulator";
import { createMoyasarSession } from "./start";

/** Moyasar on the platform: its gateway, its endpoints' handlers and its sandbox. */
export const moyasarServer = defineServer(moyasarContract, {
  gateways: { moyasar: moyasarGateway },
  handlers: {
    // One endpoint for card tokens and Apple Pay tokens (spec §7); the token says which.
    moyasarSession: ({ db, tenant, customer, channel, locale, client, body }, payments) =>
      createMoyasarSession(
        db,
        ownerOf(tenant, customer),
        body,
        { channel, locale, client, store: tenant.name },
        payments,
      ),
    applePayDomainAssociation: async ({ db, tenant }) => {
      const file = (await loadPaymentAccounts(db, tenant.id)).moyasar?.applePayDomainAssociation;
      if (!file) throw notFound("Apple Pay domain association");
      return new Response(file, {
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
      });
    },
  },
  sandbox: moyasarSandbox,
});
