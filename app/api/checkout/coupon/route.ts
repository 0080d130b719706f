import { bffRoute, readJson } from "@/lib/cart/bff";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";
import { applyCoupon, removeCoupon } from "@/lib/platform-client/checkout";
import { ApplyCouponInput } from "@/lib/validation/checkout-input";

export const dynamic = "force-dynamic";

/** Applies a coupon to the shopper's cart (website channel); answers the repriced cart. */
export const POST = bffRoute(async (ctx) => {
  const { couponCode } = ApplyCouponInput.parse(await readJson(ctx.req));
  return onCheckoutCart(ctx, (cartId, token) => applyCoupon(ctx.tenant, ctx.locale, token, cartId, { couponCode }));
});

/** Removes the cart's coupon. */
export const DELETE = bffRoute((ctx) => onCheckoutCart(ctx, (cartId, token) => removeCoupon(ctx.tenant, ctx.locale, token, cartId)));
