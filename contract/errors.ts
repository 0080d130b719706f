import { PROVIDER_CODES, type ProviderErrorCode } from "@/payment-providers/profiles";

/**
 * The error vocabulary shared by the platform and the storefront: every code an answer may carry
 * (spec §8's `SP:` codes, the platform's own, and spec §8's payment codes, those of one provider
 * from its profile) and the one envelope errors travel in: `{error: {code, message, details?}}`.
 * The error type that carries a code is in coded-error.ts, apart, so that client code throwing one
 * does not load the list of codes.
 */

/** The codes the payment providers add (payment-providers/profiles.ts). */
export const PROVIDER_ERROR_CODES = Object.keys(PROVIDER_CODES) as ProviderErrorCode[];

/** Spec §8's coupon refusals, each from a real rule of the platform's. */
export const COUPON_CODES = [
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
] as const;

export const ERROR_CODES = [
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
  "SP:ReceiptNotReplaceable",
  "SP:RescheduleNotOffered",
  "SP:RescheduleWindowPassed",
  "SP:CancellationNotOffered",
  "SP:CancellationWindowPassed",
  "SP:NotEnoughPackageSessions",
  "SP:CartTotalChanged",
  "SP:DeliveryLocationRequired",
  "SP:DeliveryOutOfRange",
  "SP:PickupBranchRequired",
  "SP:GiftCardNotFound",
  "SP:GiftCardExpired",
  "SP:GiftCardEmpty",
  "SP:GiftCardForGiftCard",
  "SP:GiftSendTimeInvalid",
  // Online payments (the CREATE_* codes are the storefront's own, spec §8; each provider's are in PROVIDER_ERROR_CODES)
  "CREATE_TOKEN_ERROR",
  "CREATE_PAYMENT_SESSION_ERROR",
  ...PROVIDER_ERROR_CODES,
  "SP:PaymentAmountMismatch",
  "SP:PaymentProviderNotConfigured",
  "SP:PaymentProviderUnavailable",
  "SP:RefundRefused",
  "SP:InvalidCallbackUrl",
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
  ...COUPON_CODES,
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
  "SP:IdempotencyKeyReused",
  "SP:IdempotencyKeyInProgress",
  "SP:BadGateway",
  "SP:InternalError",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The `error` of an envelope. */
export type ApiError = { code: string; message: string; details?: Record<string, unknown> };
/** Every answer of the platform and the storefront's BFF: `{data}` on success, `{error}` otherwise. */
export type ApiEnvelope<T> = { data: T } | { error: ApiError };
