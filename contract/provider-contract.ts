import type { z } from "zod";
import type { EndpointGroup } from "./endpoint";
import type { ProviderProfile } from "./provider-profile";
import type { PaymentMethod } from "./tenant-settings";

/**
 * A payment provider's contract part (payment-providers/<name>/contract.ts, docs/payments.md):
 * its profile, the spec §3 methods it serves, the platform endpoints that start its payments
 * (spec §7's paths, with their inputs and answers) and what its notifications carry.
 */
export type ProviderContract = {
  profile: ProviderProfile;
  methods: readonly PaymentMethod[];
  /** Joined to the payments group of the platform API (contract/api.ts). */
  endpoints: EndpointGroup;
  /** Query fields its notifications may carry (payment/webhooks/<provider>), for its gateway's check. */
  webhookQuery?: Readonly<Record<string, z.ZodType>>;
};

/** Declares a contract part; the literal types are kept, so that the platform API is typed from it. */
export function defineContract<const C extends ProviderContract>(contract: C): C {
  return contract;
}
