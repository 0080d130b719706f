import { COUPON_LINK_KEY as KEY } from "./coupon-link-waiting";
import { waitingCode } from "./waiting-code";

/**
 * A coupon from a shared link (/discount/{code}, ?coupon={code}), kept in this browser until it is
 * applied to the cart or refused. Kept a week at most, as a link's promise would be.
 */
const waiting = waitingCode(KEY, 7 * 24 * 60 * 60 * 1000);

/** The `coupon` query parameter of a page address, if any. */
export function couponParam(search: string): string | null {
  const code = new URLSearchParams(search).get("coupon")?.trim();
  return code ? code.slice(0, 64) : null;
}

export const rememberCouponLink = (code: string, now = Date.now()) => waiting.remember(code, now);
export const linkedCoupon = (now = Date.now()) => waiting.read(now);
export const forgetCouponLink = () => waiting.forget();
