import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { platformCall } from "./core";
import type { PresetDto, PresetFieldDto, PresetValueDto, PresetValueInput, TenantRef } from "./types";

// Presets (spec §7): the tenant's field groups and the signed-in customer's saved values. Every
// call needs the customer's token; another customer's value id answers 404 (PlatformCallError).

export function listPresets(tenant: TenantRef, locale: Locale, token: string): Promise<PresetDto[]> {
  return platformCall<PresetDto[]>(tenant, "GET", "presets/presets-list", { locale, token });
}

export function getPresetFields(tenant: TenantRef, locale: Locale, token: string, presetId: string): Promise<PresetFieldDto[]> {
  return platformCall<PresetFieldDto[]>(tenant, "GET", `presets/preset-fields/${encodeURIComponent(presetId)}`, { locale, token });
}

/** The customer's values, of one preset or (without presetId) of all. */
export function listPresetValues(tenant: TenantRef, locale: Locale, token: string, presetId?: string): Promise<PresetValueDto[]> {
  return platformCall<PresetValueDto[]>(tenant, "GET", "presets/values", { locale, token, query: { presetId } });
}

/** A new value for a preset; the customer's first value of a preset becomes its default. */
export function createPresetValue(tenant: TenantRef, locale: Locale, token: string, presetId: string, input: PresetValueInput): Promise<PresetValueDto> {
  return platformCall<PresetValueDto>(tenant, "POST", "presets/value", { locale, token, query: { presetId }, body: input });
}

export function updatePresetValue(tenant: TenantRef, locale: Locale, token: string, valueId: string, input: PresetValueInput): Promise<PresetValueDto> {
  return platformCall<PresetValueDto>(tenant, "PUT", `presets/values/${encodeURIComponent(valueId)}`, { locale, token, body: input });
}

/** Makes the value its preset's default (the others of that preset stop being default). */
export function setDefaultPresetValue(tenant: TenantRef, locale: Locale, token: string, valueId: string): Promise<PresetValueDto> {
  return platformCall<PresetValueDto>(tenant, "POST", `presets/set-default-group/${encodeURIComponent(valueId)}`, { locale, token });
}

export async function deletePresetValue(tenant: TenantRef, locale: Locale, token: string, valueId: string): Promise<void> {
  await platformCall<null>(tenant, "DELETE", `presets/${encodeURIComponent(valueId)}`, { locale, token });
}
