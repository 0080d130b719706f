import type { ConversionPlatform } from "../db/schema";

/**
 * The outbox's kind for an ad platform's server-side Purchase (docs/messages.md): `to` is the
 * platform's name, `params` names the order and the platform; the worker sends it to the platform
 * instead of rendering a text.
 */
export const CONVERSION_KIND = "purchase_conversion";

export type ConversionParams = { orderId: string; platform: ConversionPlatform };

/** One Purchase per order and platform, whatever completes the order twice. */
export const conversionDedupeKey = (platform: ConversionPlatform, orderId: string) =>
  `conversion:${platform}:${orderId}`;
