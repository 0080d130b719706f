import "server-only";
import type { PaymentProvider } from "@/contract/dto/payments";
import type { PaymentGateway } from "@/platform/payments/provider";
import type { ProviderHandlers, ProviderSandbox, ProviderServer } from "@/platform/payments/server-part";
import type { ProviderContracts, ProviderEndpoints } from "./contract";
import { moyasarServer } from "./moyasar/platform";
import { myfatoorahServer } from "./myfatoorah/platform";
import { tabbyServer } from "./tabby/platform";
import { tamaraServer } from "./tamara/platform";

/**
 * The payment providers' server parts (docs/payments.md), keyed like their contract parts: each
 * folder's gateways, the handlers of its endpoints and its sandbox. The platform reads them here:
 * the settlement, the webhooks and the operator's tooling look a gateway up by provider, the API
 * takes the handlers, and /sandbox/<folder>/… is answered by the folder's sandbox.
 */
export const PROVIDER_SERVERS: { [K in keyof ProviderContracts]: ProviderServer<ProviderContracts[K]> } = {
  moyasar: moyasarServer,
  myfatoorah: myfatoorahServer,
  tamara: tamaraServer,
  tabby: tabbyServer,
};

const servers = Object.values(PROVIDER_SERVERS);

/** Every provider's gateway, by the name its accounts are kept under. */
export const GATEWAYS: Record<PaymentProvider, PaymentGateway> = Object.assign({}, ...servers.map((s) => s.gateways));

/** The handlers of every provider's endpoints (contract.ts's PROVIDER_ENDPOINTS). */
export const PROVIDER_HANDLERS: ProviderHandlers<ProviderEndpoints> = Object.assign(
  {},
  ...servers.map((s) => s.handlers),
);

/** Each folder's sandbox, under /sandbox/<folder>/. */
export const SANDBOXES: Readonly<Record<string, ProviderSandbox>> = Object.fromEntries(
  Object.entries(PROVIDER_SERVERS).map(([folder, s]) => [folder, s.sandbox]),
);
