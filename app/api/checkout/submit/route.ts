import { bffRoute, readJson } from "@/lib/cart/bff";
import { submitCashOrder } from "@/lib/checkout/complete-order";
import { submitBody } from "@/lib/checkout/submit-body";

export const dynamic = "force-dynamic";

/** Completes the shopper's cart paid in cash; answers the completed cart (its id names the done page). */
export const POST = bffRoute(async (ctx) => submitCashOrder(ctx, submitBody.parse(await readJson(ctx.req))));
