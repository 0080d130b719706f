import "server-only";
import type { CartDto } from "@/contract/dto/cart";
import type { SubmitCashBody } from "@/contract/store/checkout";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { CartCookie, StoreCall } from "@/lib/store-api/context";

/**
 * Completing the order the cart cookie points to. On completion the cookie is cleared, so the
 * shopper's next add starts a new cart; a cart the platform says is already completed is
 * forgotten the same way (the error still goes back, for the done-page redirect).
 */
type OnCheckoutCart = StoreCall & { cart: CartCookie & { readonly id: string } };

async function completeCart(ctx: OnCheckoutCart, run: (cartId: string) => Promise<CartDto>): Promise<CartDto> {
  try {
    const cart = await run(ctx.cart.id);
    await ctx.cart.forget();
    return cart;
  } catch (err) {
    if (err instanceof PlatformCallError && err.code === "SP:CartAlreadyCompleted") await ctx.cart.forget();
    throw err;
  }
}

/** Cash (or a zero total, "confirm booking"): the platform re-checks every item and completes in one transaction. */
export function submitCashOrder(ctx: OnCheckoutCart, body: SubmitCashBody): Promise<CartDto> {
  return completeCart(ctx, (cartId) => ctx.platform().checkout.submit({ params: { id: cartId }, body }));
}

/** Bank transfer: the receipt form goes to the platform as it came (it sniffs and size-checks the file). */
export function submitBankTransferOrder(ctx: OnCheckoutCart, form: FormData): Promise<CartDto> {
  return completeCart(ctx, (cartId) => ctx.platform().checkout.bankReceipt({ params: { id: cartId }, body: form }));
}
