import "server-only";
import { ownerOf } from "@/platform/api/define";
import { defineServer } from "@/platform/payments/server-part";
import { tamaraContract } from "./contract";
import { tamaraGateway } from "./gateway";
import { tamaraSandbox } from "./sandbox/simulator";
import { createTamaraSession } from "./start";

/** Tamara on the platform: its gateway, its hosted checkout and its sandbox. */
export const tamaraServer = defineServer(tamaraContract, {
  gateways: { tamara: tamaraGateway },
  handlers: {
    tamaraSession: ({ db, tenant, customer, channel, locale, client, body }, payments) =>
      createTamaraSession(db, ownerOf(tenant, customer), body, { channel, locale, client }, payments),
  },
  sandbox: tamaraSandbox,
});
