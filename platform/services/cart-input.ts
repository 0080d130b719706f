import { z } from "zod";

/**
 * Request bodies of the cart endpoints. Shapes only: what a value means for a product (a slot
 * start, a number of nights, a theme of this gift) is checked by cart-rules with the spec's codes,
 * so units and dates are left loose here on purpose (0 nights is SP:MinimumDaysRequirementNotMet,
 * not a validation error).
 */

const id = z.string().trim().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a YYYY-MM-DD day");

export const GiftDetailsInput = z.object({
  theme: z.string().trim().min(1).max(64),
  toName: z.string().trim().min(1).max(60),
  fromName: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((v) => (v ? v : null)),
  showBuyerInfo: z.boolean().default(false),
});

export const AddCartItemInput = z.object({
  productId: id,
  priceId: id,
  quantity: z.int().min(1).max(999).default(1),
  /** ISO instant (fixed slot, variable duration) or YYYY-MM-DD (full-day first day). */
  reservationDateFrom: z.string().trim().min(1).max(40).optional(),
  /** Full-day: the exclusive end day (last night + 1). */
  reservationDateTo: z.string().trim().min(1).max(40).optional(),
  units: z.int().min(0).max(10_000).optional(),
  subscriptionStartDate: day.optional(),
  giftDetails: GiftDetailsInput.optional(),
});
export type AddCartItemInput = z.output<typeof AddCartItemInput>;

export const UpdateCartItemInput = z.object({
  priceId: id.optional(),
  quantity: z.int().min(1).max(999),
});
export type UpdateCartItemInput = z.output<typeof UpdateCartItemInput>;
