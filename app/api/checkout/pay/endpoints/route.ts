import { bffRoute } from "@/lib/cart/bff";

export const dynamic = "force-dynamic";

/** The browser-safe provider addresses (token API, card form and promo scripts); no secret ever travels here. */
export const GET = bffRoute(async (ctx) => ctx.tenant.payments);
