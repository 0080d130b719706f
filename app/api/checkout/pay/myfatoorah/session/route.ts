import { bffRoute, readJson } from "@/lib/cart/bff";
import { myfatoorahSessionBody } from "@/lib/payments/pay-bodies";
import { startMyfatoorahSession } from "@/lib/payments/pay-bff";

export const dynamic = "force-dynamic";

/** A MyFatoorah (or rekaz-pay) session for the embedded card form. */
export const POST = bffRoute(async (ctx) =>
  startMyfatoorahSession(ctx, myfatoorahSessionBody.parse(await readJson(ctx.req))),
);
