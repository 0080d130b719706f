/** What the rule reads of an order and of one of its lines (the platform's rows and the storefront's DTOs both have it). */
type PassOrder = { status: string; paymentStatus: string };
type PassLine = {
  product: { typeString: string };
  subscriptionStartDate: string | null;
  reservationDateFrom: string | null;
  cancelledAt: string | null;
};

/**
 * Whether a line of an order gets an Apple Wallet pass (spec §3 "wallet passes enabled"): a paid
 * order's booking (not cancelled) or subscription. Shared by the platform, which builds the pass,
 * and the order page, which offers it.
 */
export function passableLine(order: PassOrder, item: PassLine): boolean {
  if (order.status !== "completed" || (order.paymentStatus !== "paid" && order.paymentStatus !== "deposit_paid"))
    return false;
  if (item.product.typeString === "subscription") return item.subscriptionStartDate !== null;
  return item.product.typeString === "reservation" && item.reservationDateFrom !== null && item.cancelledAt === null;
}
