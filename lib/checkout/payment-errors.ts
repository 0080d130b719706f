import { CARD_FAILURE_REASONS, cardFailureReasonKey } from "@/contract/payment-failures";
import { errorMessageKey } from "@/lib/errors";
import { PROVIDER_CODES, type ProviderErrorCode } from "@/payment-providers/profiles";

/**
 * Payment errors (spec §4, §8): how a refused payment is shown, and which refusals send the
 * shopper to the order's done page instead. Pure, so the rules are unit-tested; the toast and the
 * navigation live in components/checkout/payment/use-payment-error.ts.
 */

/** Spec §9: the payment error toast stays 6 s; the copy-to-clipboard toast 2 s. */
export const PAYMENT_ERROR_TOAST_MS = 6000;
export const COPY_TOAST_MS = 2000;

/**
 * Platform refusals the shopper can act on from the payment step (pick another slot or date,
 * lower a quantity, remove a coupon, stop using a package, choose another method, attach a
 * receipt, review a total that changed). Their translated message says everything, so the toast
 * carries no generic title.
 */
export const ACTIONABLE_PAYMENT_CODES = [
  "SP:SlotIsNotAvailable",
  "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
  "SP:ProviderIsNotAvailable",
  "SP:MinimumDaysRequirementNotMet",
  "SP:MaximumDaysExceeded",
  "SP:NextReservationPeriodNotMet",
  "SP:MerchandiseItemInsufficientStock",
  "SP:SubscriptionLimitExceeded",
  "SP:CouponIsNotActive",
  "SP:CouponExpired",
  "SP:CouponReachedMaximumUsage",
  "SP:CustomerExceededCouponUsage",
  "SP:CouponUsageAlreadyExists",
  "SP:CouponMinimumCartAmountNotMet",
  "SP:CouponNotApplicable",
  "SP:CustomerNotApplicableForCoupon",
  "SP:CouponOnlyForMobileApp",
  "SP:NotEnoughPackageSessions",
  "SP:CartTotalChanged",
  "SP:DeliveryLocationRequired",
  "SP:DeliveryOutOfRange",
  "SP:PickupBranchRequired",
  "SP:GiftCardExpired",
  "SP:GiftCardEmpty",
  "SP:GiftCardNotFound",
  "SP:CartIsEmpty",
  "SP:PaymentMethodNotAllowed",
  "SP:BankReceiptRequired",
  "SP:FileTooLarge",
  "SP:UnsupportedFileType",
  "SP:PaymentAmountMismatch",
  // A provider's own refusal of the order (a pay-later provider that would not take it): choose another method.
  ...(Object.keys(PROVIDER_CODES) as ProviderErrorCode[]).filter((code) => code.startsWith("SP:")),
] as const;

/**
 * The full message key (namespace.key) of a payment error's description: a card failure reason
 * by its own text, an empty receipt as spec §8 names it, any other code through the `errors`
 * namespace (errors.unknown when it has no message of its own).
 */
export function paymentErrorMessageKey(code: string | null | undefined): string {
  if (code === "network") return "errors.network";
  if (code === "SP:BankReceiptRequired") return "validation.uplaodBankReceipt";
  const reason = cardFailureReasonKey(code);
  return reason ? `order.paymentError.reasons.${reason}` : `errors.${errorMessageKey(code)}`;
}

/**
 * Refusals after which the order may well be through (spec §4 redirect guard); the done page
 * then shows it as the platform has it (completed, or "not received yet" with the way back).
 * SP:CartAlreadyCompleted: the platform says so. SP:EntityNotFound: the checkout BFF found no
 * cart cookie, which completing the order in another tab clears. Every other code leaves the cart
 * active, so the shopper stays in checkout to fix it.
 */
export const REDIRECT_TO_DONE_CODES: readonly string[] = ["SP:CartAlreadyCompleted", "SP:EntityNotFound"];

/**
 * Spec §8's known-error list: the toast's title (error.title) is blank for these, their own
 * message says it all. CartAlreadyCompleted is here for its second occurrence (after the one
 * redirect), when it is shown as a toast.
 */
export const KNOWN_PAYMENT_ERRORS: readonly string[] = [
  ...Object.keys(CARD_FAILURE_REASONS),
  ...ACTIONABLE_PAYMENT_CODES,
  "SP:CartAlreadyCompleted",
];

const known = new Set(KNOWN_PAYMENT_ERRORS);

export function isKnownPaymentError(code: string | null | undefined): boolean {
  return typeof code === "string" && known.has(code);
}

/** Whether the toast shows the generic `error.title` above the error's own description. */
export function showsPaymentErrorTitle(code: string | null | undefined): boolean {
  return !isKnownPaymentError(code);
}

/** The part of sessionStorage the guard needs (a Map-backed fake in tests). */
export type FlagStorage = Pick<Storage, "getItem" | "setItem">;

export const redirectFlagKey = (cartId: string) => `checkout:done-redirect:${cartId}`;

/**
 * True when this error should send the shopper to /checkout/done/{cartId}: a redirect code, seen
 * for this cart for the first time in this tab. The flag is set here, so a second occurrence
 * (the shopper came back and tried again) only shows the toast and never loops. Without storage
 * (private mode may refuse it) the redirect is skipped: the toast still explains.
 */
export function claimDoneRedirect(
  storage: FlagStorage | null,
  cartId: string,
  code: string | null | undefined,
): boolean {
  if (!storage || !cartId || typeof code !== "string" || !REDIRECT_TO_DONE_CODES.includes(code)) return false;
  const key = redirectFlagKey(cartId);
  try {
    if (storage.getItem(key)) return false;
    storage.setItem(key, "1");
    return true;
  } catch {
    return false;
  }
}
