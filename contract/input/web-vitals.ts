import { z } from "zod";
import {
  VITAL_DEVICES,
  VITAL_MAX,
  VITAL_METRICS,
  VITAL_NAVIGATION_TYPES,
  VITAL_PAGE_TYPES,
  VITAL_RATINGS,
  type VitalMetric,
} from "@/rules/web-vitals";

/** One metric as web-vitals reports it: its name, value (ms, CLS unitless) and its own rating. */
const VitalValue = z
  .object({
    name: z.enum(VITAL_METRICS),
    value: z.number().finite().nonnegative(),
    rating: z.enum(VITAL_RATINGS),
  })
  .strict()
  .refine((m) => m.value <= VITAL_MAX[m.name as VitalMetric], { message: "Out of range", path: ["value"] });

/**
 * One page view's Web Vitals (the browser's beacon, lib/web-vitals): the page type, language,
 * device class and navigation type, and each metric at most once. Nothing else is taken: no
 * address, no query, no id.
 */
export const VitalsBeacon = z
  .object({
    page: z.enum(VITAL_PAGE_TYPES),
    locale: z.enum(["ar", "en"]),
    device: z.enum(VITAL_DEVICES),
    navigation: z.enum(VITAL_NAVIGATION_TYPES),
    metrics: z
      .array(VitalValue)
      .min(1)
      .max(VITAL_METRICS.length)
      .refine((list) => new Set(list.map((m) => m.name)).size === list.length, { message: "A metric twice" }),
  })
  .strict();
export type VitalsBeacon = z.infer<typeof VitalsBeacon>;
