import { z } from "zod";
import { PAYMENT_METHODS } from "../tenant-settings";

/** Enums more than one domain's answers use. */

/** Spec §3's product kinds, as `typeString`. */
export const PRODUCT_TYPE_STRINGS = ["reservation", "subscription", "merchandise", "gift"] as const;
export type ProductTypeString = (typeof PRODUCT_TYPE_STRINGS)[number];
export const ProductTypeString = z.enum(PRODUCT_TYPE_STRINGS);

/** Spec §3's payment method enum. */
export const PaymentMethod = z.enum(PAYMENT_METHODS);
