import { bffRoute, readJson } from "@/lib/cart/bff";
import { updateCustomFields } from "@/lib/platform-client/customers";
import { requireToken } from "@/lib/session/session-view";
import { customFieldsBody } from "@/lib/validation/account";

export const dynamic = "force-dynamic";

/** Saves custom field values (merged over the stored ones); refusals carry details.field. */
export const PUT = bffRoute(async (ctx) => {
  const { customFields } = customFieldsBody.parse(await readJson(ctx.req));
  return updateCustomFields(ctx.tenant, ctx.locale, await requireToken(ctx), customFields);
});
