import type { AddCartItemBody } from "@/contract/input/cart";
import type { CartDto } from "@/contract/dto/cart";

/** The AddToCart value (SAR, with VAT): the cart's line(s) for the added product and price. Pure. */
export function addedValue(
  cart: Pick<CartDto, "cartItems">,
  input: Pick<AddCartItemBody, "productId" | "priceId">,
): number {
  const lines = cart.cartItems.filter((i) => i.product.id === input.productId && i.price.id === input.priceId);
  return Math.round(lines.reduce((sum, i) => sum + i.amount + i.taxAmount, 0) * 100) / 100;
}
