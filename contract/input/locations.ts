import { z } from "zod";
import { singleLine } from "@/rules/text";

/**
 * Customer locations (spec §3, §7, §9), shared by the platform, the BFF and the locations sheet.
 * Pure and browser-safe: the platform's schema keeps its own copy of the types (a test pins them equal)
 * so that client code never pulls the database schema into its bundle.
 */

export const LOCATION_TYPES = ["home", "work", "resthouse", "friendsplace", "other", "current"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Spec §9: the add button is disabled at this many saved locations; the platform refuses the next. */
export const MAX_LOCATIONS = 6;
/** How near a saved location must be to count as "here" (closest / suggestion checks). */
export const NEAR_RADIUS_METERS = 500;

export type LocationDto = {
  id: string;
  type: LocationType;
  latitude: number;
  longitude: number;
  description: string | null;
};
export type LocationSuggestionDto = { suggestion: LocationDto | null };

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** Optional; trimmed, and empty means none. No control characters (it is shown back as text). */
const description = singleLine(200)
  .nullish()
  .transform((v) => v || null);

export const CreateLocationInput = z.object({ latitude, longitude, type: z.enum(LOCATION_TYPES), description });
export type CreateLocationInput = z.input<typeof CreateLocationInput>;
export type CreateLocationValues = z.output<typeof CreateLocationInput>;

/** A coordinate from a query string: required (an empty value is not 0), a finite number in range. */
const queryNumber = (range: z.ZodNumber) => z.string().trim().min(1, "Required").transform(Number).pipe(range);

/** `?longitude&latitude` of the closest and suggestion checks. */
export const PositionQuery = z.object({ latitude: queryNumber(latitude), longitude: queryNumber(longitude) });
export type Position = z.output<typeof PositionQuery>;

/** The query's position from URL search params (absent params fail as "Required"). */
export function parsePositionQuery(query: URLSearchParams): Position {
  return PositionQuery.parse({ latitude: query.get("latitude") ?? "", longitude: query.get("longitude") ?? "" });
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine), accurate to well under a metre at city scale. */
export function distanceMeters(a: Position, b: Position): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The location nearest to `here` within `radius` metres, or null. */
export function nearestWithin<T extends Position>(
  locations: readonly T[],
  here: Position,
  radius = NEAR_RADIUS_METERS,
): T | null {
  let best: T | null = null;
  let bestDistance = radius;
  for (const l of locations) {
    const d = distanceMeters(here, l);
    if (d <= bestDistance) [best, bestDistance] = [l, d];
  }
  return best;
}
