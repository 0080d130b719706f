import type { z } from "zod";
import type { UnionToIntersection } from "@/contract/provider-profile";
import { moyasarContract } from "./moyasar/contract";
import { myfatoorahContract } from "./myfatoorah/contract";
import { tabbyContract } from "./tabby/contract";
import { tamaraContract } from "./tamara/contract";

/**
 * The payment providers' contract parts (docs/payments.md), one per folder: the spec §3 methods
 * each serves, the platform endpoints that start its payments, the steps the browser calls them
 * through and what its notifications carry.
 * contract/ reads them here; the server's parts are in platform.ts, keyed alike.
 */
export const PROVIDER_CONTRACTS = {
  moyasar: moyasarContract,
  myfatoorah: myfatoorahContract,
  tamara: tamaraContract,
  tabby: tabbyContract,
};

export type ProviderContracts = typeof PROVIDER_CONTRACTS;
type Contract = ProviderContracts[keyof ProviderContracts];
const contracts: readonly Contract[] = Object.values(PROVIDER_CONTRACTS);

/** Every provider's endpoints, joined to the platform API's payments group (contract/api.ts). */
export type ProviderEndpoints = UnionToIntersection<Contract["endpoints"]>;
export const PROVIDER_ENDPOINTS = Object.assign({}, ...contracts.map((c) => c.endpoints)) as ProviderEndpoints;

/**
 * Every provider's pay steps, by provider then step: what the storefront's pay endpoints
 * (checkout/pay/{provider}[/{step}], contract/store/pay.ts) serve and the browser's payApi types.
 */
export type PaySteps = UnionToIntersection<Contract["pay"]>;
export const PAY_STEPS = Object.assign({}, ...contracts.map((c) => c.pay)) as PaySteps;

/** The query fields any provider's notification may carry (payment/webhooks/<provider>). */
export const PROVIDER_WEBHOOK_QUERY: Readonly<Record<string, z.ZodType>> = Object.assign(
  {},
  ...contracts.map((c) => ("webhookQuery" in c ? c.webhookQuery : {})),
);

// The storefront's provider code imports these request and answer shapes from contract/dto/payments
// and contract/input/payments, which re-export them.
export { CreatePaymentDto, CreatePaymentInput } from "./moyasar/contract";
export {
  ExecuteCartPaymentDto,
  ExecuteCartPaymentInput,
  ExecuteCartPaymentQuery,
  InitiateSessionDto,
  InitiateSessionQuery,
} from "./myfatoorah/contract";
export { TabbyEligibilityDto, TabbyEligibilityInput } from "./tabby/contract";
