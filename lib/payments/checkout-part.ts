import type { ComponentType } from "react";
import type { CartDto } from "@/contract/dto/cart";
import type { TenantConfig } from "@/contract/tenant-settings";
import type { CheckoutDetailsInput } from "@/lib/validation/checkout";

/** What the checkout's payment step gives the view of the way to pay the shopper chose. */
export type PayViewProps = {
  cart: CartDto;
  config: TenantConfig;
  /** What the customer-info step collected; the order keeps it as its customer snapshot. */
  checkout: CheckoutDetailsInput;
  /** What the chosen method charges now (spec §9). */
  amount: number;
  onBack: () => void;
};

/**
 * A provider's part of the checkout sheet: its views, each loaded when the payment step shows it
 * (next/dynamic). Pay-later methods need none: the checkout pays them through their provider's
 * hosted page by name, with what the profile says of them.
 */
export type CheckoutPart = {
  /** Its embedded card forms, by the card form name a store chooses (onlinePaymentProvider, spec §3). */
  cardForms?: Readonly<Record<string, ComponentType<PayViewProps>>>;
  /** The wallets it pays (spec §3 methods that are neither a card form nor pay later: APPLE_PAY). */
  wallets?: Readonly<Record<string, ComponentType<PayViewProps>>>;
};
