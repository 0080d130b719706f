import { bffRoute, platformFor } from "@/lib/cart/bff";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";

export const dynamic = "force-dynamic";

/** {valid: true}, or the error of the first rule the cart breaks now (called before every payment). */
export const GET = bffRoute((ctx) =>
  onCheckoutCart(ctx, (cartId, token) => platformFor(ctx, token).checkout.validate({ params: { id: cartId } })),
);
