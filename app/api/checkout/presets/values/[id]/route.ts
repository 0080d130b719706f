import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { PresetValueInput } from "@/contract/input/customers";

export const dynamic = "force-dynamic";

/** Updates one of the customer's saved values (another customer's id is the platform's 404). */
export const PUT = bffRoute<unknown, { id: string }>(async (ctx, { id }) => {
  const input = PresetValueInput.parse(await readJson(ctx.req));
  return platformFor(ctx, await requireToken(ctx)).presets.update({ params: { id }, body: input });
});

/** Deletes one of the customer's saved values (answers null; another customer's id is the platform's 404). */
export const DELETE = bffRoute<null, { id: string }>(async (ctx, { id }) =>
  platformFor(ctx, await requireToken(ctx)).presets.delete({ params: { id } }),
);
