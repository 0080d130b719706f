import { z } from "zod";

/**
 * Preset queries (spec §7): a caller may name themselves in ?customerId= (the router's customer
 * must match it, else 403) but nobody else.
 */
const id = z.string().trim().min(1).max(64);

export const PresetCallerQuery = z.object({ customerId: id.optional() });
export const PresetValuesQuery = PresetCallerQuery.extend({ presetId: id.optional() });
export const CreatePresetValueQuery = PresetCallerQuery.extend({ presetId: id });
