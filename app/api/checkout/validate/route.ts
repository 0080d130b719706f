import { bffRoute } from "@/lib/cart/bff";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";
import { validateCart } from "@/lib/platform-client/checkout";

export const dynamic = "force-dynamic";

/** {valid: true}, or the error of the first rule the cart breaks now (called before every payment). */
export const GET = bffRoute((ctx) => onCheckoutCart(ctx, (cartId, token) => validateCart(ctx.tenant, ctx.locale, token, cartId)));
