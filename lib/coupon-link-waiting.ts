/** Where a coupon link's code waits in this browser (lib/coupon-link.ts keeps it). */
export const COUPON_LINK_KEY = "sf:coupon-link";

/**
 * Whether this page has a coupon to look at: a `coupon` parameter in its address or a code
 * waiting. The only coupon-link code in every page's first load; the rest (reading, expiry,
 * applying) loads with the coupon's own chunk when this says yes.
 */
export function hasCouponLink(): boolean {
  try {
    return /[?&]coupon=[^&]/.test(window.location.search) || localStorage.getItem(COUPON_LINK_KEY) !== null;
  } catch {
    return false;
  }
}
