/**
 * Pixel de-duplication (spec §1), pure: the last 10 "critical" events of the session (key = event
 * + order or cart id), and the orders whose purchase was ever sent, so a purchase never goes twice.
 */

export const CRITICAL_CAP = 10;
export const PURCHASED_CAP = 50;

export const isCritical = (event: string): boolean =>
  event === "InitiateCheckout" || event === "AddPaymentInfo" || event === "Purchase";

export const criticalKey = (event: string, id: string): string => `${event}:${id}`;

/** The list with `key` appended (moved to the end when already there), keeping only the last `cap`. */
export function rememberCapped(list: readonly string[], key: string, cap: number): string[] {
  return [...list.filter((k) => k !== key), key].slice(-cap);
}

/** A stored list as written by rememberCapped; anything else (missing, corrupt) is empty. */
export function parseList(raw: string | null): string[] {
  try {
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export type DedupeState = { session: string[]; purchased: string[] };

/**
 * Whether the event goes out, and the lists to keep afterwards. Non-critical events (page view,
 * view content, add to cart) always go; a critical one (checkout, payment info) once per key; a purchase once per order, ever.
 */
export function dedupe(
  state: DedupeState,
  event: string,
  id: string | undefined,
): { send: boolean; next: DedupeState } {
  if (!isCritical(event) || !id) return { send: true, next: state };
  const key = criticalKey(event, id);
  const seen = state.session.includes(key) || (event === "Purchase" && state.purchased.includes(id));
  if (seen) return { send: false, next: state };
  return {
    send: true,
    next: {
      session: rememberCapped(state.session, key, CRITICAL_CAP),
      purchased: event === "Purchase" ? rememberCapped(state.purchased, id, PURCHASED_CAP) : state.purchased,
    },
  };
}
