import { customers } from "@/contract/endpoints/customers";
import { PlatformError } from "../../errors";
import { listCustomFields } from "../../services/custom-fields";
import {
  getCustomer,
  saveCustomer,
  setBookingReminders,
  updateCustomFields,
  updateProfile,
} from "../../services/customers";
import { fileFromForm, readOwnUpload, saveUpload, uploadResponse } from "../../services/uploads";
import { handlers } from "../define";

const UPLOAD_PURPOSES = new Set(["custom-field"]);

export const customersHandlers = handlers(customers, {
  me: ({ db, tenant, customer }) => getCustomer(db, tenant.id, customer.customerId),
  save: ({ db, tenant, customer, body }) => saveCustomer(db, tenant.id, customer.customerId, body),
  updateProfile: ({ db, tenant, customer, body }) => updateProfile(db, tenant.id, customer.customerId, body),
  updateReminders: ({ db, tenant, customer, body }) =>
    setBookingReminders(db, tenant.id, customer.customerId, body.bookingReminders),
  updateCustomFields: ({ db, tenant, customer, body }) =>
    updateCustomFields(db, tenant.id, customer.customerId, body.customFields),
  customFields: ({ db, tenant, locale }) => listCustomFields(db, tenant.id, locale),
  upload: async ({ db, tenant, customer, body: form }) => {
    const purpose = form.get("purpose") ?? "custom-field";
    if (typeof purpose !== "string" || !UPLOAD_PURPOSES.has(purpose))
      throw new PlatformError("SP:ValidationError", 400, "Unknown upload purpose", { field: "purpose" });
    return saveUpload(db, { tenantId: tenant.id, customerId: customer.customerId }, purpose, await fileFromForm(form));
  },
  download: async ({ db, tenant, customer, params }) =>
    uploadResponse(await readOwnUpload(db, tenant.id, customer.customerId, params.name)),
});
