import { z } from "zod";
import { PresetDto, PresetFieldDto, PresetValueDto } from "../dto/presets";
import { endpoint } from "../endpoint";
import { PresetValueInput } from "../input/customers";
import { IdParams } from "../input/ids";
import { CreatePresetValueQuery, PresetCallerQuery, PresetValuesQuery } from "../input/presets";

const FIELD_RULES = [
  "SP:CustomFieldValueIsRequired",
  "SP:ValueMustBeNumber",
  "SP:ValueMustBeDate",
  "SP:OptionIsNotValid",
] as const;

/** Presets (spec §7): saved groups of field values; ?customerId= may only name the caller (else 403). */
export const presets = {
  list: endpoint({
    method: "GET",
    path: "presets/presets-list",
    auth: "customer",
    summary: "The store's presets",
    query: PresetCallerQuery,
    response: z.array(PresetDto),
    codes: ["SP:Forbidden"],
  }),
  fields: endpoint({
    method: "GET",
    path: "presets/preset-fields/:id",
    auth: "customer",
    summary: "One preset's fields",
    params: IdParams,
    query: PresetCallerQuery,
    response: z.array(PresetFieldDto),
    codes: ["SP:Forbidden", "SP:EntityNotFound"],
  }),
  values: endpoint({
    method: "GET",
    path: "presets/values",
    auth: "customer",
    summary: "The caller's saved values, of one preset or all",
    query: PresetValuesQuery,
    response: z.array(PresetValueDto),
    codes: ["SP:Forbidden"],
  }),
  create: endpoint({
    method: "POST",
    path: "presets/value",
    auth: "customer",
    summary: "Saves a group of values for a preset",
    query: CreatePresetValueQuery,
    body: PresetValueInput,
    response: PresetValueDto,
    codes: ["SP:Forbidden", "SP:EntityNotFound", ...FIELD_RULES],
  }),
  update: endpoint({
    method: "PUT",
    path: "presets/values/:id",
    auth: "customer",
    summary: "Changes a saved group of values",
    params: IdParams,
    query: PresetCallerQuery,
    body: PresetValueInput,
    response: PresetValueDto,
    codes: ["SP:Forbidden", "SP:EntityNotFound", ...FIELD_RULES],
  }),
  setDefault: endpoint({
    method: "POST",
    path: "presets/set-default-group/:id",
    auth: "customer",
    summary: "Makes a saved group the default of its preset",
    params: IdParams,
    query: PresetCallerQuery,
    response: PresetValueDto,
    codes: ["SP:Forbidden", "SP:EntityNotFound"],
  }),
  delete: endpoint({
    method: "DELETE",
    path: "presets/:id",
    auth: "customer",
    summary: "Deletes a saved group of values",
    params: IdParams,
    query: PresetCallerQuery,
    response: z.null(),
    codes: ["SP:Forbidden", "SP:EntityNotFound"],
  }),
};
