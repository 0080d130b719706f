import "server-only";
import type { Locale } from "@/lib/tenant-config";
import type { CreateLocationInput, LocationDto, LocationSuggestionDto, Position } from "@/lib/validation/location";
import { PlatformCallError, platformCall } from "./core";
import type { TenantRef } from "./types";

// Customer locations (spec §7): every call needs the customer's token; another customer's
// location id answers 404 (PlatformCallError), like a missing one.

const positionQuery = (p: Position) => ({ latitude: p.latitude, longitude: p.longitude });

/** The customer's saved locations, newest first. */
export function listLocations(tenant: TenantRef, locale: Locale, token: string): Promise<LocationDto[]> {
  return platformCall<LocationDto[]>(tenant, "GET", "customer-locations", { locale, token });
}

/** The saved location within 500 m of `here`; the platform's 404 (none near) is null. */
export async function closestLocation(tenant: TenantRef, locale: Locale, token: string, here: Position): Promise<LocationDto | null> {
  try {
    return await platformCall<LocationDto>(tenant, "GET", "customer-locations/closest", { locale, token, query: positionQuery(here) });
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 404) return null;
    throw err;
  }
}

/** Spec §7's suggestion check: the saved location to offer near `here` (after deleting the selected one). */
export function locationSuggestion(tenant: TenantRef, locale: Locale, token: string, here: Position): Promise<LocationSuggestionDto> {
  return platformCall<LocationSuggestionDto>(tenant, "GET", "customer-locations/suggestion", { locale, token, query: positionQuery(here) });
}

/** A new saved location; the 7th is refused with SP:MaximumLocationsReached (409). */
export function createLocation(tenant: TenantRef, locale: Locale, token: string, input: CreateLocationInput): Promise<LocationDto> {
  return platformCall<LocationDto>(tenant, "POST", "customer-locations", { locale, token, body: input });
}

export async function deleteLocation(tenant: TenantRef, locale: Locale, token: string, locationId: string): Promise<void> {
  await platformCall<null>(tenant, "DELETE", `customer-locations/${encodeURIComponent(locationId)}`, { locale, token });
}
