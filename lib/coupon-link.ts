import { COUPON_LINK_KEY as KEY } from "./coupon-link-waiting";

/**
 * A coupon from a shared link (/discount/{code}, ?coupon={code}), kept in this browser until it is
 * applied to the cart or refused: the store's origin is the tenant, so the storage is per store and
 * the same whatever the language. Kept a week at most, as a link's promise would be.
 */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The `coupon` query parameter of a page address, if any. */
export function couponParam(search: string): string | null {
  const code = new URLSearchParams(search).get("coupon")?.trim();
  return code ? code.slice(0, 64) : null;
}

export function rememberCouponLink(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Storage refused (private mode, quota): the code is applied now or not at all.
  }
}

export function linkedCoupon(now = Date.now()): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as { code?: unknown; at?: unknown } | null;
    if (typeof saved?.code === "string" && typeof saved.at === "number" && now - saved.at < KEEP_MS) return saved.code;
    if (saved) localStorage.removeItem(KEY);
  } catch {
    // Unreadable: nothing is waiting.
  }
  return null;
}

export function forgetCouponLink(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
