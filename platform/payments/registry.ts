import type { PaymentMethod } from "@/contract/tenant-settings";
import type { PaymentProvider as ProviderName } from "../db/schema";
import { completeWithBankTransfer, submitCart } from "../services/checkout";
import { createMoyasarSession } from "@/payment-providers/moyasar/start";
import { executeCardPayment, initiateCardSession } from "@/payment-providers/myfatoorah/start";
import { createTabbySession, tabbyEligibility } from "@/payment-providers/tabby/start";
import { createTamaraSession } from "@/payment-providers/tamara/start";

/**
 * The one registry of payment providers (ARCHITECTURE decision 12), with its accounts' half in
 * gateways.ts. Nothing outside the two switches on a provider's name: the handlers start a payment
 * here; the settlement, the webhooks, the account addresses and the operator's keys files look a
 * gateway up there. Adding a provider is a folder (its client, its gateway, its start), a line in
 * each table, and its start's endpoint in the contract.
 */

/**
 * A way to pay as the shopper picks it: the spec §3 methods it serves, the account it uses (none
 * for cash and bank transfer, paid outside any API), how a payment starts, and the eligibility
 * pre-check where the provider has one.
 */
export type PaymentProvider = {
  methods: readonly PaymentMethod[];
  gateway: ProviderName | null;
  start: (...args: never[]) => Promise<unknown>;
  eligibility?: (...args: never[]) => Promise<unknown>;
};

export const PAYMENT_PROVIDERS = {
  "moyasar-card": { methods: ["MADA", "VISA"], gateway: "moyasar", start: createMoyasarSession },
  "apple-pay": { methods: ["APPLE_PAY"], gateway: "moyasar", start: createMoyasarSession },
  // The embedded card form: a session first, then the payment. One code for both accounts: the
  // store's onlinePaymentProvider setting says whose account the form uses.
  myfatoorah: {
    methods: ["MADA", "VISA"],
    gateway: "myfatoorah",
    start: initiateCardSession,
    execute: executeCardPayment,
  },
  "rekaz-pay": {
    methods: ["MADA", "VISA"],
    gateway: "rekaz-pay",
    start: initiateCardSession,
    execute: executeCardPayment,
  },
  tabby: { methods: ["TABBY"], gateway: "tabby", start: createTabbySession, eligibility: tabbyEligibility },
  tamara: { methods: ["TAMARA"], gateway: "tamara", start: createTamaraSession },
  cash: { methods: ["CASH"], gateway: null, start: submitCart },
  "bank-transfer": { methods: ["BANK_TRANSFER"], gateway: null, start: completeWithBankTransfer },
} as const satisfies Record<string, PaymentProvider & { execute?: (...args: never[]) => Promise<unknown> }>;
