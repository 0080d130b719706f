import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { onCheckoutCart } from "@/lib/checkout/checkout-cart";
import { SetUsePackagesInput } from "@/contract/input/checkout";

export const dynamic = "force-dynamic";

/** Turns paying with the customer's package sessions on or off; answers the repriced cart. */
export const PUT = bffRoute(async (ctx) => {
  const { usePackages } = SetUsePackagesInput.parse(await readJson(ctx.req));
  return onCheckoutCart(ctx, (cartId, token) =>
    platformFor(ctx, token).checkout.usePackages({ params: { id: cartId }, body: { usePackages } }),
  );
});
