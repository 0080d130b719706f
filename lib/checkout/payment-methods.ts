import type { CartDto } from "@/contract/dto/cart";
import { PAYMENT_METHODS, type PaymentMethod, type TenantConfig } from "@/contract/tenant-settings";
import { PAY_LATER, type PayLaterMethod, type PayLaterProvider } from "@/payment-providers/profiles";

/**
 * Which payment methods the checkout offers, how cash is named and what each one charges
 * (spec §5 and §9). Pure: the settings were already read by toTenantConfig (a method is enabled
 * only when its setting is exactly "True"); everything else is decided here and unit-tested.
 */

/** The checkout's ways to pay: the card once for MADA and VISA, and every other spec §3 method as itself. */
export type CheckoutMethodId = "CARD" | "APPLE_PAY" | PayLaterMethod | "CASH" | "BANK_TRANSFER";

/** Keys of the `checkout` namespace. */
export type CashLabelKey =
  | "methods.cash.cashOnDelivery"
  | "methods.cash.payLater"
  | "methods.cash.confirmBooking"
  | "methods.cash.confirmSubscription";
export type MethodLabelKey =
  | "methods.card"
  | "methods.applePay"
  | `methods.${PayLaterProvider}`
  | "methods.bankTransfer"
  | CashLabelKey;

export type CheckoutMethod = { id: CheckoutMethodId; labelKey: MethodLabelKey };

export type PaymentMethodsInput = {
  config: Pick<TenantConfig, "enabledPaymentMethods" | "disableCODForDeposit">;
  cart: Pick<CartDto, "totalAmount" | "amountToBePaid" | "depositAmount" | "cartItems">;
  /** The device can pay with Apple Pay (ApplePaySession.canMakePayments()). */
  applePaySupported: boolean;
};

export type PaymentMethods = {
  /** In display order; empty means "No payment methods enabled". */
  methods: CheckoutMethod[];
  /** The first method: the one preselected (spec §4). */
  defaultMethod: CheckoutMethodId | null;
  cashLabelKey: CashLabelKey;
  amountToPay: (method: CheckoutMethodId) => number;
};

/** A pay-later method's provider (its label, its pay steps and its way back are the provider's name). */
export const payLaterOf = (method: string) => PAY_LATER.find((p) => p.method === method) ?? null;

const LABELS: Record<Exclude<CheckoutMethodId, "CASH">, MethodLabelKey> = {
  CARD: "methods.card",
  APPLE_PAY: "methods.applePay",
  BANK_TRANSFER: "methods.bankTransfer",
  ...(Object.fromEntries(PAY_LATER.map((p) => [p.method, `methods.${p.provider}`])) as Record<
    PayLaterMethod,
    MethodLabelKey
  >),
};

type CartKinds = Pick<CartDto, "cartItems">;
const everyItemIs = (cart: CartKinds, kind: string) =>
  cart.cartItems.length > 0 && cart.cartItems.every((i) => i.product.typeString === kind);

/**
 * Cash's name: confirm subscription for a zero-total cart of subscriptions only; confirm booking
 * when nothing is to be paid or cash is the only way to pay; pay later when every item is a
 * reservation (paid at the visit); else cash on delivery.
 */
export function cashLabelKey(cart: Pick<CartDto, "totalAmount"> & CartKinds, cashIsOnlyMethod: boolean): CashLabelKey {
  const free = cart.totalAmount <= 0;
  if (free && everyItemIs(cart, "subscription")) return "methods.cash.confirmSubscription";
  if (free || cashIsOnlyMethod) return "methods.cash.confirmBooking";
  if (everyItemIs(cart, "reservation")) return "methods.cash.payLater";
  return "methods.cash.cashOnDelivery";
}

/** Spec §9: the pay-later methods are charged the full total, every other method the amount due now (deposit). */
export function amountToPay(cart: Pick<CartDto, "totalAmount" | "amountToBePaid">, method: CheckoutMethodId): number {
  return payLaterOf(method) ? cart.totalAmount : cart.amountToBePaid;
}

/** The enum's order (MADA, CASH, VISA, APPLE_PAY, the pay-later methods, BANK_TRANSFER) with VISA beside MADA: both are the card. */
const METHOD_ORDER: PaymentMethod[] = PAYMENT_METHODS.flatMap((m): PaymentMethod[] =>
  m === "MADA" ? ["MADA", "VISA"] : m === "VISA" ? [] : [m],
);

export function paymentMethods({ config, cart, applePaySupported }: PaymentMethodsInput): PaymentMethods {
  // Amount-based methods have nothing to charge on a zero total.
  const chargeable = cart.totalAmount > 0;
  const depositBlocksCash = config.disableCODForDeposit && cart.depositAmount > 0;
  const enabledSet = new Set(config.enabledPaymentMethods);
  const offered = (method: PaymentMethod): CheckoutMethodId | null => {
    if (method === "CASH") return (enabledSet.has("CASH") || !chargeable) && !depositBlocksCash ? "CASH" : null;
    if (!chargeable) return null;
    if (method === "MADA" || method === "VISA") return "CARD";
    if (method === "APPLE_PAY") return applePaySupported ? "APPLE_PAY" : null;
    return method;
  };
  // Spec §3/§4: in the payment method enum's order, the card once in MADA's place whichever of MADA
  // and VISA turns it on (a VISA-only store preselects the card as a MADA one does, not cash); the
  // first is preselected. Cash is also offered, in its place, for a zero total.
  const ids = [...new Set(METHOD_ORDER.filter((m) => enabledSet.has(m) || m === "CASH").map(offered))].filter(
    (id): id is CheckoutMethodId => id !== null,
  );

  const cashLabel = cashLabelKey(cart, ids.length === 1 && ids[0] === "CASH");
  const methods = ids.map((id): CheckoutMethod => ({ id, labelKey: id === "CASH" ? cashLabel : LABELS[id] }));
  return {
    methods,
    defaultMethod: methods[0]?.id ?? null,
    cashLabelKey: cashLabel,
    amountToPay: (method) => amountToPay(cart, method),
  };
}

/** Whether this browser can pay with Apple Pay (Safari on Apple devices with a card in Wallet). */
export function deviceSupportsApplePay(): boolean {
  if (typeof window === "undefined") return false;
  const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  try {
    return typeof session?.canMakePayments === "function" && session.canMakePayments() === true;
  } catch {
    // Safari throws outside a secure context: then it is simply not offered.
    return false;
  }
}
