import { z } from "zod";
import { ProductTypeString } from "../dto/shared";
import { isPlatformDay } from "@/rules/riyadh-time";

const day = z.string().refine(isPlatformDay, "Expected a YYYY-MM-DD day");

/** GET products: every product, or one kind. */
export const ProductListQuery = z.object({ type: ProductTypeString.optional() });

/** GET products/{id}/availability: ?date= for fixed slots and variable duration; ?from=&days= for full-day bookings. */
export const AvailabilityQuery = z.object({
  date: day.optional(),
  from: day.optional(),
  days: z.coerce.number().int().min(1).max(180).optional(),
  /** Fixed slots served by specialists: seats left for this specialist, branch or price ("any" when left out). */
  specialistId: z.string().trim().min(1).max(64).optional(),
  branchId: z.string().trim().min(1).max(64).optional(),
  priceId: z.string().trim().min(1).max(64).optional(),
});
export type AvailabilityQuery = z.output<typeof AvailabilityQuery>;

/** GET products/slug/{slug}: a product's address (decoded; Arabic letters allowed). */
export const SlugParams = z.object({ slug: z.string().min(1).max(200) });
