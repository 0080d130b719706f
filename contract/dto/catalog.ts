import { z } from "zod";
import { ProductTypeString } from "./shared";

/** Opening hours per weekday ("0" Sunday … "6" Saturday) → ["09:00", "21:00"]; null or missing: closed. */
export const OpeningHours = z.record(z.string(), z.tuple([z.string(), z.string()]).nullable());
export type OpeningHours = z.infer<typeof OpeningHours>;

export const PriceDto = z.object({ id: z.string(), name: z.string(), amount: z.number() });
export type PriceDto = z.infer<typeof PriceDto>;

export const GiftThemeDto = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type GiftThemeDto = z.infer<typeof GiftThemeDto>;

/** A branch where the product's specialists work (spec §3 "hide branches"). */
export const BranchDto = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  openingHours: OpeningHours.nullable(),
});
export type BranchDto = z.infer<typeof BranchDto>;

/** A specialist who serves the product, with what the calendar needs to show their days. */
export const SpecialistDto = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  branchIds: z.array(z.string()),
  /** null: every price of the product. */
  priceIds: z.array(z.string()).nullable(),
  workingHours: OpeningHours,
  /** Riyadh days off from today on. */
  daysOff: z.array(z.string()),
});
export type SpecialistDto = z.infer<typeof SpecialistDto>;

/** Amounts are SAR as decimal numbers (two places); the platform stores halalas. */
export const ProductDto = z.object({
  id: z.string(),
  /** The product's address in each language: `/products/<slug>` (`/en/products/<slug>`). */
  slugs: z.object({ ar: z.string(), en: z.string() }),
  /** 0 reservation, 1 subscription, 2 merchandise, 3 gift. */
  type: z.number(),
  typeString: ProductTypeString,
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  /** The lowest price, before tax. */
  amount: z.number(),
  hasPackage: z.boolean(),
  isFullDayBooking: z.boolean(),
  isVariableDuration: z.boolean(),
  prices: z.array(PriceDto),
  /** When the product or one of its prices last changed (ISO 8601): the sitemap's lastmod. */
  updatedAt: z.string(),
  reservation: z
    .object({
      slotMinutes: z.number().nullable(),
      capacity: z.number(),
      minDays: z.number().nullable(),
      maxDays: z.number().nullable(),
      minUnits: z.number().nullable(),
      maxUnits: z.number().nullable(),
      depositPercent: z.number().nullable(),
      bookingWindowDays: z.number(),
      openingHours: OpeningHours.nullable(),
    })
    .nullable(),
  subscription: z
    .object({
      durationDays: z.number().nullable(),
      perCustomerLimit: z.number().nullable(),
      packageSessions: z.number().nullable(),
    })
    .nullable(),
  /** Merchandise: units left; null for other kinds. */
  stock: z.number().nullable(),
  giftThemes: z.array(GiftThemeDto).nullable(),
  /** GET products/{id} of a fixed-slot reservation with specialists: them and their branches; else null. */
  staff: z.object({ specialists: z.array(SpecialistDto), branches: z.array(BranchDto) }).nullable(),
});
export type ProductDto = z.infer<typeof ProductDto>;

/** GET products/{id}/availability. Dates are Riyadh calendar days (YYYY-MM-DD); instants are ISO strings. */
export const AvailabilityDto = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("slots"),
    date: z.string(),
    slots: z.array(z.object({ from: z.string(), to: z.string(), available: z.number(), capacity: z.number() })),
  }),
  z.object({
    kind: z.literal("duration"),
    date: z.string(),
    unitMinutes: z.number(),
    minUnits: z.number(),
    starts: z.array(z.object({ from: z.string(), maxUnits: z.number() })),
  }),
  z.object({
    kind: z.literal("days"),
    from: z.string(),
    days: z.array(z.object({ date: z.string(), available: z.boolean() })),
  }),
]);
export type AvailabilityDto = z.infer<typeof AvailabilityDto>;
