import { PlatformError } from "../../errors";
import { getCustomer, saveCustomer, updateCustomFields, updateProfile } from "../../services/customers";
import { listCustomFields } from "../../services/custom-fields";
import { fileFromForm, parseMultipart, readOwnUpload, saveUpload, uploadResponse } from "../../services/uploads";
import { SaveCustomerInput, UpdateCustomFieldsInput, UpdateProfileInput } from "@/lib/validation/customer-input";
import { requireCustomer } from "../auth";
import { route } from "../router";

route("GET", "identity-customer/me", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return getCustomer(ctx.db, ctx.tenant.id, customerId);
});

route("POST", "identity-customer/customer", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return saveCustomer(ctx.db, ctx.tenant.id, customerId, SaveCustomerInput.parse(await ctx.json()));
});

// "identity-customer/" in spec §7: the router ignores the trailing slash.
route("PUT", "identity-customer", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return updateProfile(ctx.db, ctx.tenant.id, customerId, UpdateProfileInput.parse(await ctx.json()));
});

route("PUT", "identity-customer/customer-custom-fields", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  const { customFields } = UpdateCustomFieldsInput.parse(await ctx.json());
  return updateCustomFields(ctx.db, ctx.tenant.id, customerId, customFields);
});

route("GET", "customer/checkout-custom-fields", ({ db, tenant, locale }) => listCustomFields(db, tenant.id, locale));

const UPLOAD_PURPOSES = new Set(["custom-field"]);

route("POST", "customer/uploads", async (ctx) => {
  // Who is asking before reading up to 5 MB of body.
  const { customerId } = await requireCustomer(ctx);
  const form = await parseMultipart(ctx.req);
  const purpose = form.get("purpose") ?? "custom-field";
  if (typeof purpose !== "string" || !UPLOAD_PURPOSES.has(purpose)) throw new PlatformError("SP:ValidationError", 400, "Unknown upload purpose", { field: "purpose" });
  return saveUpload(ctx.db, { tenantId: ctx.tenant.id, customerId }, purpose, await fileFromForm(form));
});

route("GET", "customer/uploads/:name", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return uploadResponse(await readOwnUpload(ctx.db, ctx.tenant.id, customerId, ctx.params.name));
});
