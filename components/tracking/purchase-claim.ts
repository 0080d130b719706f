import { StoreApiError } from "@/lib/client-fetch";
import { checkoutApi } from "@/lib/store-client/checkout";

/**
 * Whether this page is the order's first to show its purchase (the platform keeps the mark, so a
 * second tab, a reload with storage cleared or another browser says no). No answer (the store
 * unreachable) leaves it to the browser's own de-duplication and the ad platforms' (event id = order id).
 */
export async function firstPurchaseView(orderId: string): Promise<boolean> {
  try {
    return (await checkoutApi.purchaseEvent({ params: { cartId: orderId } })).first;
  } catch (err) {
    return !(err instanceof StoreApiError) || err.status === 0 || err.status >= 500;
  }
}
