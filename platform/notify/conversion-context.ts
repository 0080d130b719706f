import type { TrackingInput } from "@/contract/input/checkout";
import type { ClientContext } from "@/server/client-ip";
import type { OrderTracking } from "../db/schema";

/**
 * The order's tracking context (docs/behaviour.md): the browser's cookies and page with the
 * checkout request's address and user agent, or null when the shopper did not accept marketing
 * tracking (or the checkout sent nothing): then nothing of it is kept and no platform hears of the order.
 */
export function orderTracking(input: TrackingInput | null | undefined, client?: ClientContext): OrderTracking | null {
  if (!input?.consent) return null;
  const kept: OrderTracking = {
    fbp: input.fbp,
    fbc: input.fbc,
    gaClientId: input.gaClientId,
    pageUrl: input.pageUrl,
    ip: client?.ip ?? undefined,
    userAgent: client?.userAgent ?? undefined,
  };
  return Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined)) as OrderTracking;
}
