import type { AddCartItemBody } from "@/contract/input/cart";
import type { CartDto, CartItemDto } from "@/contract/dto/cart";
import { lineItems } from "@/contract/dto/line-items";
import type { PixelItem, PixelPayload } from "./pixels";

type Line = Pick<CartItemDto, "product" | "price" | "quantity" | "amount" | "taxAmount" | "amountWithTax">;

const cents = (n: number) => Math.round(n * 100) / 100;
const isAdded = (input: Pick<AddCartItemBody, "productId" | "priceId">) => (i: Line) =>
  i.product.id === input.productId && i.price.id === input.priceId;

/** The AddToCart value (SAR, with VAT): the cart's line(s) for the added product and price. Pure. */
export function addedValue(
  cart: { cartItems: readonly Line[] },
  input: Pick<AddCartItemBody, "productId" | "priceId">,
): number {
  return cents(cart.cartItems.filter(isAdded(input)).reduce((sum, i) => sum + i.amount + i.taxAmount, 0));
}

/** The AddToCart items: the line(s) of the added product and price. Pure. */
export function addedItems(
  cart: { cartItems: readonly Line[] },
  input: Pick<AddCartItemBody, "productId" | "priceId">,
): PixelItem[] {
  return lineItems({ cartItems: cart.cartItems.filter(isAdded(input)) });
}

/**
 * A checkout event's payload: the cart's total and lines; with the chosen method, the payment-info
 * event's, keyed by cart and method (sent once per pair, see dedupe.ts); without, the begin
 * checkout's, keyed by cart. Pure.
 */
export function checkoutPayload(
  cart: Pick<CartDto, "id" | "totalAmount"> & { cartItems: readonly Line[] },
  method?: string,
): PixelPayload {
  const base = { value: cart.totalAmount, items: lineItems(cart) };
  return method ? { ...base, id: `${cart.id}:${method}`, paymentType: method } : { ...base, id: cart.id };
}
