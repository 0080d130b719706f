import { bffRoute, platformFor } from "@/lib/cart/bff";

export const dynamic = "force-dynamic";

/** The store's bank accounts for a transfer (public). */
export const GET = bffRoute((ctx) => platformFor(ctx).checkout.bankAccounts());
