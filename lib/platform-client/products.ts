import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { PlatformCallError, platformCall } from "./core";
import type { AvailabilityDto, ProductDto, ProductTypeString, TenantRef } from "./types";

/** The tenant's active products in display order, localized; `type` narrows to one kind. */
export function listProducts(tenant: TenantRef, locale: Locale, type?: ProductTypeString): Promise<ProductDto[]> {
  return platformCall<ProductDto[]>(tenant, "GET", "products", { locale, query: { type } });
}

/** One active product of the tenant, localized; null when it does not exist (or is not the tenant's). */
export async function getProduct(tenant: TenantRef, locale: Locale, id: string): Promise<ProductDto | null> {
  try {
    return await platformCall<ProductDto>(tenant, "GET", `products/${encodeURIComponent(id)}`, { locale });
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 404) return null;
    throw err;
  }
}

/**
 * What can be booked: `{ date }` (YYYY-MM-DD, Riyadh) for fixed slots and variable duration,
 * `{ from, days }` for full-day bookings. Throws PlatformCallError (e.g. SP:EntityNotFound).
 */
export type AvailabilityQuery = { date: string } | { from: string; days: number };

export function getAvailability(tenant: TenantRef, locale: Locale, productId: string, query: AvailabilityQuery): Promise<AvailabilityDto> {
  return platformCall<AvailabilityDto>(tenant, "GET", `products/${encodeURIComponent(productId)}/availability`, { locale, query });
}
