import { bffRoute, readJson } from "@/lib/cart/bff";
import { moyasarPayBody } from "@/lib/payments/pay-bodies";
import { payWithMoyasar } from "@/lib/payments/pay-bff";

export const dynamic = "force-dynamic";

/** A card token (made by the browser) or an Apple Pay token ⇒ the payment: initiated (3-D Secure URL), paid or failed. */
export const POST = bffRoute(async (ctx) => payWithMoyasar(ctx, moyasarPayBody.parse(await readJson(ctx.req))));
