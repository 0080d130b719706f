import { bffRoute, platformFor } from "@/lib/cart/bff";

export const dynamic = "force-dynamic";

/** GET: whether a coupon link's code exists and is active now (the platform's SP: code when not). */
export const GET = bffRoute<{ code: string }, { code: string }>(async (ctx, { code }) =>
  platformFor(ctx).checkout.checkCoupon({ params: { code } }),
);
