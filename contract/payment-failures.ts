/**
 * The card failure reasons spec §8 knows, which the platform passes on as themselves and the
 * storefront shows translated; any other reason is shown as Payment:Error:Unknown.
 */

/**
 * Spec §8's known card failure reasons (the online payment flows report them), each with its
 * key under `order.paymentError.reasons` (next-intl keys cannot hold ":", spaces or brackets).
 */
export const CARD_FAILURE_REASONS = {
  INSUFFICIENT_FUNDS: "insufficientFunds",
  DECLINED: "declined",
  BLOCKED: "blocked",
  "Payment:Error:TimeFrameExpired": "timeFrameExpired",
  UNSPECIFIED_FAILURE: "unspecifiedFailure",
  EXPIRED_CARD: "expiredCard",
  TIMED_OUT: "timedOut",
  REFERRED: "referred",
  "3-D Secure transaction attempt failed (DECLINED)": "threeDSecureFailed",
  "Payment:Error:Unknown": "unknown",
} as const;

export type CardFailureReason = keyof typeof CARD_FAILURE_REASONS;

/** The key under `order.paymentError.reasons` for a card failure reason, else null. */
export function cardFailureReasonKey(code: string | null | undefined): string | null {
  return typeof code === "string" && Object.hasOwn(CARD_FAILURE_REASONS, code)
    ? CARD_FAILURE_REASONS[code as CardFailureReason]
    : null;
}
