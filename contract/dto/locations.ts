import { z } from "zod";

export const LOCATION_TYPES = ["home", "work", "resthouse", "friendsplace", "other", "current"] as const;
export const LocationType = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof LocationType>;

export const LocationDto = z.object({
  id: z.string(),
  type: LocationType,
  latitude: z.number(),
  longitude: z.number(),
  description: z.string().nullable(),
});
export type LocationDto = z.infer<typeof LocationDto>;

export const LocationSuggestionDto = z.object({ suggestion: LocationDto.nullable() });
export type LocationSuggestionDto = z.infer<typeof LocationSuggestionDto>;
