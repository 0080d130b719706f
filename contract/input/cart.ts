import { z } from "zod";
import { singleLine } from "@/rules/text";

/**
 * Request bodies of the cart endpoints, shared by the platform and the storefront's cart BFF so
 * that neither refuses what the other takes. Shapes only: what a value means for a product (a slot
 * start, a number of nights, a theme of this gift) is checked by cart-rules with the spec's codes,
 * so units and dates are left loose here on purpose (0 nights is SP:MinimumDaysRequirementNotMet,
 * not a validation error).
 */

const id = z.string().trim().min(1).max(64);
/** A name as people type it (the one printable-text rule). */
const personName = singleLine;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a YYYY-MM-DD day");

export const GiftDetailsInput = z.object({
  theme: z.string().trim().min(1).max(64),
  toName: personName(60).min(1),
  fromName: personName(60)
    .nullish()
    .transform((v) => (v ? v : null)),
  showBuyerInfo: z.boolean().default(false),
  /** The recipient's mobile as typed (the platform normalizes it, SP:InvalidMobileNumber otherwise); none: the card goes to the buyer. */
  toMobile: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** When to send the card (ISO instant), later than now and within a year; none: at the payment. */
  sendAt: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => (v ? v : null)),
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
  /** Fixed slots served by specialists: the specialist and branch chosen (left out or null: any). */
  specialistId: id.nullish(),
  branchId: id.nullish(),
});
export type AddCartItemInput = z.output<typeof AddCartItemInput>;

export const UpdateCartItemInput = z.object({
  priceId: id.optional(),
  quantity: z.int().min(1).max(999),
});
export type UpdateCartItemInput = z.output<typeof UpdateCartItemInput>;

/** A booking's new time (POST orders/{id}/items/{itemId}/reschedule), as an add gives it. */
export const RescheduleInput = AddCartItemInput.pick({ reservationDateFrom: true, reservationDateTo: true }).required({
  reservationDateFrom: true,
});
export type RescheduleInput = z.output<typeof RescheduleInput>;

/** The bodies as a caller sends them (defaults may be left out). */
export type AddCartItemBody = z.input<typeof AddCartItemInput>;
export type UpdateCartItemBody = z.input<typeof UpdateCartItemInput>;
