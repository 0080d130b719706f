import { route, type RouteContext } from "../router";
import { requireCustomer } from "../auth";
import { ApplyCouponInput, SetUsePackagesInput, SubmitCartInput } from "@/lib/validation/checkout-input";
import { applyCoupon, removeCoupon } from "../../services/coupons";
import { parseSalesChannel } from "../../services/coupon-rules";
import { completeWithBankTransfer, listBankAccounts, setUsePackages, submitCart, validateCart } from "../../services/checkout";
import { parseMultipart } from "../../services/uploads";
import type { OwnerScope } from "../../services/own-cart";

// Checkout acts on the signed-in customer's own cart (bearer required; a guest's or another
// customer's cart is a 404). x-sales-channel (website | mobile, default website) is where a coupon
// is redeemed.

async function owner(ctx: RouteContext): Promise<OwnerScope> {
  const { customerId } = await requireCustomer(ctx);
  return { tenantId: ctx.tenant.id, customerId };
}

const request = (ctx: RouteContext) => ({ channel: parseSalesChannel(ctx.req.headers.get("x-sales-channel")), locale: ctx.locale });

route("POST", "cart/:id/coupon", async (ctx) => {
  const scope = await owner(ctx);
  const { channel } = request(ctx);
  return applyCoupon(ctx.db, scope, ctx.params.id, ApplyCouponInput.parse(await ctx.json()), channel, ctx.locale);
});

route("DELETE", "cart/:id/coupon", async (ctx) => removeCoupon(ctx.db, await owner(ctx), ctx.params.id, ctx.locale));

route("PUT", "cart/:id/packages", async (ctx) => {
  const scope = await owner(ctx);
  return setUsePackages(ctx.db, scope, ctx.params.id, SetUsePackagesInput.parse(await ctx.json()).usePackages, ctx.locale);
});

route("GET", "cart/:id/validate", async (ctx) => validateCart(ctx.db, await owner(ctx), ctx.params.id, request(ctx)));

route("POST", "cart/:id/submit", async (ctx) => {
  const scope = await owner(ctx);
  return submitCart(ctx.db, scope, ctx.params.id, SubmitCartInput.parse(await ctx.json()), request(ctx));
});

route("POST", "cart/:id/bank-receipt", async (ctx) => {
  // Who is asking before reading up to 5 MB of body.
  const scope = await owner(ctx);
  const req = request(ctx);
  return completeWithBankTransfer(ctx.db, scope, ctx.params.id, await parseMultipart(ctx.req), req);
});

route("GET", "bank-account/bank-account", (ctx) => listBankAccounts(ctx.db, ctx.tenant.id));
