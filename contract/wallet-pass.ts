import type { CartDto, CartItemDto } from "./dto/cart";

/**
 * Whether a line of an order gets an Apple Wallet pass (spec §3 "wallet passes enabled"): a paid
 * order's booking (not cancelled) or subscription. Shared by the platform, which builds the pass,
 * and the order page, which offers it.
 */
export function passableLine(order: Pick<CartDto, "status" | "paymentStatus">, item: CartItemDto): boolean {
  if (order.status !== "completed" || (order.paymentStatus !== "paid" && order.paymentStatus !== "deposit_paid"))
    return false;
  if (item.product.typeString === "subscription") return item.subscriptionStartDate !== null;
  return item.product.typeString === "reservation" && item.reservationDateFrom !== null && item.cancelledAt === null;
}
