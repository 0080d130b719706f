import "server-only";
import { ownerOf } from "@/platform/api/define";
import { defineServer } from "@/platform/payments/server-part";
import { tabbyContract } from "./contract";
import { tabbyGateway } from "./gateway";
import { tabbySandbox } from "./sandbox/simulator";
import { createTabbySession, tabbyEligibility } from "./start";

/** Tabby on the platform: its gateway, its eligibility pre-check and hosted checkout, and its sandbox. */
export const tabbyServer = defineServer(tabbyContract, {
  gateways: { tabby: tabbyGateway },
  handlers: {
    tabbyEligibility: ({ db, tenant, customer, channel, locale, origin, body: { cartId, ...urls } }) =>
      tabbyEligibility(db, ownerOf(tenant, customer), cartId, { channel, locale, origin, urls }),
    tabbySession: ({ db, tenant, customer, channel, locale, client, body }, payments) =>
      createTabbySession(db, ownerOf(tenant, customer), body, { channel, locale, client }, payments),
  },
  sandbox: tabbySandbox,
});
