/**
 * Platform error codes (`SP:…`, spec §8 and the platform's own) → message keys of the `errors`
 * namespace. Pure: used by server components, the BFF and client components alike.
 */
import { codeMessageKey } from "./error-key";

export const KNOWN_ERROR_CODES = [
  // Catalogue, cart and reservations
  "SP:SlotIsNotAvailable",
  "SP:ProviderIsNotAvailable",
  "SP:MinimumDaysRequirementNotMet",
  "SP:MaximumDaysExceeded",
  "SP:NextReservationPeriodNotMet",
  "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
  "SP:MerchandiseItemInsufficientStock",
  "SP:SubscriptionLimitExceeded",
  "SP:CartAlreadyCompleted",
  // Checkout
  "SP:CartIsEmpty",
  "SP:CartMinimumAmountNotMet",
  "SP:PaymentMethodNotAllowed",
  "SP:BankReceiptRequired",
  "SP:NotEnoughPackageSessions",
  "SP:CartTotalChanged",
  // Online payments (the CREATE_* codes are the storefront's own, spec §8)
  "CREATE_TOKEN_ERROR",
  "CREATE_PAYMENT_SESSION_ERROR",
  "CREATE_TAMARA_SESSION_ERROR",
  "CREATE_TABBY_SESSION_ERROR",
  "TEST_TABBY_CUSTOMER_ELIGIBILITY_ERROR",
  "SP:PaymentAmountMismatch",
  "SP:PaymentProviderNotConfigured",
  "SP:PaymentProviderUnavailable",
  "SP:InvalidCallbackUrl",
  "SP:TabbyNotEligible",
  "SP:InvalidWebhookSignature",
  // Sign-in
  "SP:OtpCodeMismatch",
  "SP:OtpCodeIsExpired",
  "SP:MaxRetriesReached",
  "SP:TooManyRequests",
  "SP:InvalidMobileNumber",
  "SP:SmsDeliveryFailed",
  // Sessions and access
  "SP:Unauthorized",
  "SP:InvalidToken",
  "SP:TokenExpired",
  "SP:TenantMismatch",
  "SP:InvalidRefreshToken",
  "SP:Forbidden",
  // Locations
  "SP:MaximumLocationsReached",
  // Uploads
  "SP:UnsupportedFileType",
  "SP:FileTooLarge",
  "SP:FileRequired",
  "SP:MalformedMultipart",
  "SP:UploadNotFound",
  // Customer custom fields
  "SP:CustomFieldValueIsRequired",
  "SP:ValueMustBeNumber",
  "SP:ValueMustBeDate",
  "SP:OptionIsNotValid",
  // Coupons
  "SP:CouponUsageAlreadyExists",
  "SP:CouponIsNotActive",
  "SP:CouponExpired",
  "SP:CustomerExceededCouponUsage",
  "SP:CouponNotFound",
  "SP:CouponMinimumCartAmountNotMet",
  "SP:CouponReachedMaximumUsage",
  "SP:CouponNotApplicable",
  "SP:CouponAlreadyExists",
  "SP:CustomerNotApplicableForCoupon",
  "SP:CouponOnlyForWebsite",
  "SP:CouponOnlyForMobileApp",
  // Operator configuration
  "SP:ScheduleLinkedWithProviderException",
  "SP:ProviderLinkedWithProductException",
  // Requests and infrastructure
  "SP:ValidationError",
  "SP:EntityNotFound",
  "SP:MalformedJson",
  "SP:PayloadTooLarge",
  "SP:TenantNotFound",
  "SP:RouteNotFound",
  "SP:MethodNotAllowed",
  "SP:ForbiddenOrigin",
  "SP:BadGateway",
  "SP:InternalError",
] as const;

export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[number];

/** Keys without a code: an unrecognised error, and a request that never got an answer. */
export const FALLBACK_ERROR_KEYS = ["unknown", "network"] as const;

const known = new Set<string>(KNOWN_ERROR_CODES);

export function isKnownErrorCode(code: unknown): code is KnownErrorCode {
  return typeof code === "string" && known.has(code);
}

/**
 * The key inside the `errors` namespace for a code: ":" becomes "_" (next-intl keys cannot hold
 * ":"), e.g. "SP:Reservation:SelectedSlotIsUnavailableOrOutdated" →
 * "SP_Reservation_SelectedSlotIsUnavailableOrOutdated". Codes without a message → "unknown".
 */
export function errorMessageKey(code: string | null | undefined): string {
  return isKnownErrorCode(code) ? codeMessageKey(code) : "unknown";
}
