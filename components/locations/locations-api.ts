import { z } from "zod";
import { fetchEnvelope } from "@/lib/client-fetch";
import { CodedError } from "@/contract/coded-error";
import { LOCATION_TYPES, type LocationDto, type Position, type SavableLocationType } from "@/lib/locations/types";

/**
 * The browser's side of the locations BFF (/api/locations/*). Signed out, reads answer empty
 * (`[]` / `null`) and writes are refused with 401; answers are checked before the sheet uses them.
 */
export class LocationsApiError extends CodedError {
  override name = "LocationsApiError";
}

const locationSchema = z.object({
  id: z.string().min(1),
  type: z.enum(LOCATION_TYPES),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});
const listSchema = z.array(locationSchema);
const suggestionSchema = z.object({ suggestion: locationSchema.nullable() }).nullable();

export type NewLocation = Position & { type: SavableLocationType; description?: string };

const call = (method: string, url: string, body?: unknown) =>
  fetchEnvelope<unknown>(LocationsApiError, method, url, body);
const near = ({ latitude, longitude }: Position) =>
  `longitude=${encodeURIComponent(longitude)}&latitude=${encodeURIComponent(latitude)}`;

export const locationsApi = {
  list: async (): Promise<LocationDto[]> => listSchema.parse(await call("GET", "/api/locations")),
  create: async (input: NewLocation): Promise<LocationDto> =>
    locationSchema.parse(await call("POST", "/api/locations", input)),
  remove: async (id: string): Promise<void> => {
    try {
      await call("DELETE", `/api/locations/${encodeURIComponent(id)}`);
    } catch (err) {
      // A 204 has no JSON body to read: still a success.
      if (!(err instanceof LocationsApiError && err.status >= 200 && err.status < 300)) throw err;
    }
  },
  /** The saved location nearest to `position` (within 500 m), offered after the selected one is deleted. */
  suggestion: async (position: Position): Promise<LocationDto | null> =>
    suggestionSchema.parse(await call("GET", `/api/locations/suggestion?${near(position)}`))?.suggestion ?? null,
};

export const LOCATIONS_QUERY_KEY = ["locations"] as const;
