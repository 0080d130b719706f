import { bffRoute } from "@/lib/cart/bff";
import { deleteLocation } from "@/lib/platform-client/locations";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** Deletes one of the customer's saved locations (another customer's id is the platform's 404). */
export const DELETE = bffRoute<null, { id: string }>(async (ctx, { id }) => {
  await deleteLocation(ctx.tenant, ctx.locale, await requireToken(ctx), id);
  return null;
});
