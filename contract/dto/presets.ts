import { z } from "zod";

export const PresetFieldDto = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(["text", "number", "date"]),
  isRequired: z.boolean(),
});
export type PresetFieldDto = z.infer<typeof PresetFieldDto>;

export const PresetDto = z.object({ id: z.string(), name: z.string(), fields: z.array(PresetFieldDto) });
export type PresetDto = z.infer<typeof PresetDto>;

export const PresetValueDto = z.object({
  id: z.string(),
  presetId: z.string(),
  customerId: z.string(),
  values: z.record(z.string(), z.string()),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PresetValueDto = z.infer<typeof PresetValueDto>;
