import { bffRoute, readJson } from "@/lib/cart/bff";
import { myfatoorahExecuteBody } from "@/lib/payments/pay-bodies";
import { executeMyfatoorahPayment } from "@/lib/payments/pay-bff";

export const dynamic = "force-dynamic";

/** Pays the session the embedded form submitted; answers the 3-D Secure page to send the shopper to. */
export const POST = bffRoute(async (ctx) =>
  executeMyfatoorahPayment(ctx, myfatoorahExecuteBody.parse(await readJson(ctx.req))),
);
