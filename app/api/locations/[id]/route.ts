import { bffRoute, platformFor } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** Deletes one of the customer's saved locations (another customer's id is the platform's 404). */
export const DELETE = bffRoute<null, { id: string }>(async (ctx, { id }) => {
  await platformFor(ctx, await requireToken(ctx)).locations.delete({ params: { id } });
  return null;
});
