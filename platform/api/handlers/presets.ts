import { presets } from "@/contract/endpoints/presets";
import {
  createPresetValue,
  deletePresetValue,
  getPresetFields,
  listPresets,
  listPresetValues,
  setDefaultPresetValue,
  updatePresetValue,
} from "../../services/presets";
import { handlers } from "../define";

export const presetsHandlers = handlers(presets, {
  list: ({ db, tenant, locale }) => listPresets(db, tenant.id, locale),
  fields: ({ db, tenant, locale, params }) => getPresetFields(db, tenant.id, params.id, locale),
  values: ({ db, tenant, customer, query }) => listPresetValues(db, tenant.id, customer.customerId, query.presetId),
  create: ({ db, tenant, customer, query, body }) =>
    createPresetValue(db, tenant.id, customer.customerId, query.presetId, body),
  update: ({ db, tenant, customer, params, body }) =>
    updatePresetValue(db, tenant.id, customer.customerId, params.id, body),
  setDefault: ({ db, tenant, customer, params }) =>
    setDefaultPresetValue(db, tenant.id, customer.customerId, params.id),
  delete: async ({ db, tenant, customer, params }) => {
    await deletePresetValue(db, tenant.id, customer.customerId, params.id);
    return null;
  },
});
