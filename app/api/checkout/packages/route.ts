import { bffRoute, readJson } from "@/lib/cart/bff";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";
import { setUsePackages } from "@/lib/platform-client/checkout";
import { SetUsePackagesInput } from "@/lib/validation/checkout-input";

export const dynamic = "force-dynamic";

/** Turns paying with the customer's package sessions on or off; answers the repriced cart. */
export const PUT = bffRoute(async (ctx) => {
  const { usePackages } = SetUsePackagesInput.parse(await readJson(ctx.req));
  return onCheckoutCart(ctx, (cartId, token) => setUsePackages(ctx.tenant, ctx.locale, token, cartId, usePackages));
});
