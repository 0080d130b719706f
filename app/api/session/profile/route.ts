import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { UpdateProfileInput } from "@/contract/input/customers";

export const dynamic = "force-dynamic";

/** Saves the signed-in customer's name, email and other phone number; answers the customer. */
export const PUT = bffRoute(async (ctx) => {
  const input = UpdateProfileInput.parse(await readJson(ctx.req));
  return platformFor(ctx, await requireToken(ctx)).customers.updateProfile({ body: input });
});
