import { bffRoute } from "@/lib/cart/bff";
import { getBankAccounts } from "@/lib/platform-client/checkout";

export const dynamic = "force-dynamic";

/** The store's bank accounts for a transfer (public). */
export const GET = bffRoute((ctx) => getBankAccounts(ctx.tenant, ctx.locale));
