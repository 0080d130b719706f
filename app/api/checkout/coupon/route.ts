import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";
import { ApplyCouponInput } from "@/contract/input/checkout";

export const dynamic = "force-dynamic";

/** The storefront redeems coupons on the website channel (CouponOnlyForMobileApp applies here). */
const WEBSITE = { "x-sales-channel": "website" };

/** Applies a coupon to the shopper's cart (website channel); answers the repriced cart. */
export const POST = bffRoute(async (ctx) => {
  const { couponCode } = ApplyCouponInput.parse(await readJson(ctx.req));
  return onCheckoutCart(ctx, (cartId, token) =>
    platformFor(ctx, token, WEBSITE).checkout.applyCoupon({ params: { id: cartId }, body: { couponCode } }),
  );
});

/** Removes the cart's coupon. */
export const DELETE = bffRoute((ctx) =>
  onCheckoutCart(ctx, (cartId, token) => platformFor(ctx, token).checkout.removeCoupon({ params: { id: cartId } })),
);
