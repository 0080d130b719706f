import type { PaymentProvider as ProviderName } from "../db/schema";
import { moyasarGateway } from "./moyasar/gateway";
import { myfatoorahGateway, rekazPayGateway } from "./myfatoorah/gateway";
import type { PaymentGateway } from "./provider";
import { tabbyGateway } from "./tabby/gateway";
import { tamaraGateway } from "./tamara/gateway";

/** The accounts' half of the payment registry (registry.ts has the ways to pay). */

/** The providers a store holds an account with, by the name the account is kept under. */
export const GATEWAYS: Record<ProviderName, PaymentGateway> = {
  moyasar: moyasarGateway,
  myfatoorah: myfatoorahGateway,
  "rekaz-pay": rekazPayGateway,
  tabby: tabbyGateway,
  tamara: tamaraGateway,
};

export const gatewayOf = (name: ProviderName): PaymentGateway => GATEWAYS[name];
