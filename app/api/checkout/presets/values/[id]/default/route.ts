import { bffRoute, platformFor } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** Makes one of the customer's saved values the default of its preset (the others stop being it). */
export const POST = bffRoute<unknown, { id: string }>(async (ctx, { id }) =>
  platformFor(ctx, await requireToken(ctx)).presets.setDefault({ params: { id } }),
);
