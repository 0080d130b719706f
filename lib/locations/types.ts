/**
 * Client-side location types (spec §3, §9). Kept apart from the database schema so that the
 * header button's code never pulls the server's modules into the browser.
 */
export const LOCATION_TYPES = ["home", "work", "resthouse", "friendsplace", "other", "current"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** The types a customer picks when saving; "current" is set only by the current-position action. */
export const SAVABLE_LOCATION_TYPES = LOCATION_TYPES.filter(
  (t): t is Exclude<LocationType, "current"> => t !== "current",
);
export type SavableLocationType = (typeof SAVABLE_LOCATION_TYPES)[number];

/** Spec §9: at most six saved locations; the add button is disabled at six or more. */
export const MAX_SAVED_LOCATIONS = 6;

/** Spec §9: the map's default centre (Riyadh). */
export const DEFAULT_CENTER = { latitude: 24.710845, longitude: 46.673693 } as const;

export type Position = { latitude: number; longitude: number };

/** A saved location as the storefront BFF answers it. */
export type LocationDto = Position & { id: string; type: LocationType; description: string | null };

export function isLocationType(value: unknown): value is LocationType {
  return typeof value === "string" && (LOCATION_TYPES as readonly string[]).includes(value);
}

export function isPosition(value: unknown): value is Position {
  if (typeof value !== "object" || value === null) return false;
  const { latitude, longitude } = value as Record<string, unknown>;
  return (
    typeof latitude === "number" &&
    typeof longitude === "number" &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}
