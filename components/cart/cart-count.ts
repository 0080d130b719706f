import type { CartDto } from "@/contract/dto/cart";

// The header's badge is in every page's first load; the totals (cart-totals.ts) come with the sheet.

/** Items counted for the header badge: merchandise by quantity, every booking or gift as one. */
export function cartItemCount(cart: Pick<CartDto, "cartItems"> | null | undefined): number {
  if (!cart) return 0;
  return cart.cartItems.reduce((n, item) => n + (item.product.typeString === "merchandise" ? item.quantity : 1), 0);
}
