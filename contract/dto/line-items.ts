import type { CartItemDto } from "./cart";

// Its own module, without the DTOs' zod schemas: the tracking code every page loads imports it.
/** A product of an order or cart as the ad platforms are told of it (the browser's pixels and the server's events alike). */
export type LineItem = { id: string; name: string; price: number; quantity: number; category: string };

/**
 * A cart's lines as the products an ad platform's event names: the unit price is the line's price
 * with VAT before discounts (what the product page showed) per unit of quantity, hours or nights
 * included; the category is the product's kind. Pure.
 */
export function lineItems(cart: {
  cartItems: readonly Pick<CartItemDto, "product" | "quantity" | "amountWithTax">[];
}): LineItem[] {
  return cart.cartItems.map((i) => ({
    id: i.product.id,
    name: i.product.name,
    price: Math.round((i.amountWithTax / Math.max(i.quantity, 1)) * 100) / 100,
    quantity: i.quantity,
    category: i.product.typeString,
  }));
}
