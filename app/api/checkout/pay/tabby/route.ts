import { bffRoute, readJson } from "@/lib/cart/bff";
import { payLaterBody } from "@/lib/payments/pay-bodies";
import { startPayLater } from "@/lib/payments/pay-bff";

export const dynamic = "force-dynamic";

/** Tabby's hosted checkout for the cart: answers {checkout_url}. */
export const POST = bffRoute(async (ctx) => startPayLater(ctx, "tabby", payLaterBody.parse(await readJson(ctx.req))));
