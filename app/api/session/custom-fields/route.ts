import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { UpdateCustomFieldsInput } from "@/contract/input/customers";

export const dynamic = "force-dynamic";

/** Saves custom field values (merged over the stored ones); refusals carry details.field. */
export const PUT = bffRoute(async (ctx) => {
  const { customFields } = UpdateCustomFieldsInput.parse(await readJson(ctx.req));
  return platformFor(ctx, await requireToken(ctx)).customers.updateCustomFields({ body: { customFields } });
});
