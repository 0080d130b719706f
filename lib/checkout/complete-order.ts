import "server-only";
import { platformFor, type BffContext } from "@/lib/cart/bff";
import { clearCartId } from "@/lib/cookies";
import { PlatformCallError } from "@/lib/platform-client/core";
import type { CartDto } from "@/contract/dto/cart";
import { onCheckoutCart } from "./checkout-cart";
import type { SubmitBody } from "./submit-body";

/**
 * Completing the order the cart cookie points to, for the checkout BFF. On completion the cookie
 * is cleared, so the shopper's next add starts a new cart; a cart the platform says is already
 * completed is forgotten the same way (the error still goes back, for the done-page redirect).
 */
async function completeCart(
  ctx: BffContext,
  run: (token: string, cartId: string) => Promise<CartDto>,
): Promise<CartDto> {
  return onCheckoutCart(ctx, async (cartId, token) => {
    try {
      const cart = await run(token, cartId);
      await clearCartId(ctx.tenant.slug);
      return cart;
    } catch (err) {
      if (err instanceof PlatformCallError && err.code === "SP:CartAlreadyCompleted")
        await clearCartId(ctx.tenant.slug);
      throw err;
    }
  });
}

/** Cash (or a zero total, "confirm booking"): the platform re-checks every item and completes in one transaction. */
export function submitCashOrder(ctx: BffContext, body: SubmitBody): Promise<CartDto> {
  return completeCart(ctx, (token, cartId) =>
    platformFor(ctx, token).checkout.submit({ params: { id: cartId }, body }),
  );
}

/** Bank transfer: the receipt form goes to the platform as it came (it sniffs and size-checks the file). */
export function submitBankTransferOrder(ctx: BffContext, form: FormData): Promise<CartDto> {
  return completeCart(ctx, (token, cartId) =>
    platformFor(ctx, token).checkout.bankReceipt({ params: { id: cartId }, body: form }),
  );
}
