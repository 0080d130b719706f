import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { SaveCustomerInput } from "@/contract/input/customers";

export const dynamic = "force-dynamic";

/**
 * The customer-info step's save: name and custom fields on the customer's record in one call
 * (identity-customer/customer). The record keeps the number they signed in with and their email;
 * the order's own contact number travels with the order instead.
 */
export const POST = bffRoute(async (ctx) => {
  const { name, customFields } = SaveCustomerInput.pick({ name: true, customFields: true }).parse(
    await readJson(ctx.req),
  );
  const token = await requireToken(ctx);
  const api = platformFor(ctx, token);
  const me = await api.customers.me();
  return api.customers.save({ body: { name, mobileNumber: me.mobileNumber, email: me.email, customFields } });
});
