import type { PaymentProvider as ProviderName } from "../db/schema";
import { moyasarGateway } from "@/payment-providers/moyasar/gateway";
import { myfatoorahGateway, rekazPayGateway } from "@/payment-providers/myfatoorah/gateway";
import type { PaymentGateway } from "./provider";
import { tabbyGateway } from "@/payment-providers/tabby/gateway";
import { tamaraGateway } from "@/payment-providers/tamara/gateway";

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
