"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lastKnownPosition, requestCurrentPosition } from "@/lib/locations/current-position";
import {
  currentSelection,
  getSelectedLocation,
  selectionOf,
  setSelectedLocation,
} from "@/lib/locations/selected-location";
import type { LocationDto, Position, SavableLocationType } from "@/lib/locations/types";
import { StoreApiError } from "@/lib/client-fetch";
import { locationsApi } from "@/lib/store-client/locations";
import { useSession } from "@/components/auth/use-session";

export const LOCATIONS_QUERY_KEY = ["locations"] as const;

export type NewLocation = Position & { type: SavableLocationType; description?: string };

/** The signed-in customer's saved locations (none asked for when signed out: the list is theirs). */
export function useSavedLocations() {
  const { customer, isSignedIn } = useSession();
  const key = [...LOCATIONS_QUERY_KEY, customer?.id ?? null] as const;
  const query = useQuery({ queryKey: key, queryFn: () => locationsApi.list(), enabled: isSignedIn });
  return { ...query, key };
}

/** Saving selects the new location (spec §4); a failure is logged only (spec §8). */
export function useCreateLocation(key: readonly unknown[], onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewLocation) => locationsApi.create({ body: input }),
    onSuccess: (created) => {
      client.setQueryData<LocationDto[]>(key, (list) => [created, ...(list ?? []).filter((l) => l.id !== created.id)]);
      void client.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY });
      setSelectedLocation(selectionOf(created));
      onSaved();
    },
    onError: (err) => {
      console.error("[locations] the location could not be saved", err);
      // Six already saved elsewhere (another tab): the list catches up and the add button turns off.
      if (err instanceof StoreApiError && err.status === 409)
        void client.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY });
    },
  });
}

/** The position to fall back on after the selected location goes: the device's, if it answers. */
async function fallbackPosition() {
  return lastKnownPosition() ?? (await requestCurrentPosition(5_000).catch(() => null));
}

/**
 * Deleting; when the deleted one was selected the selection reverts to the current location, and
 * a saved location near it (the platform's suggestion check) is offered through `onSuggest`.
 */
export function useDeleteLocation(key: readonly unknown[], onSuggest: (location: LocationDto) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (location: LocationDto) => {
      await locationsApi.remove({ params: { id: location.id } });
      return location;
    },
    onSuccess: async (deleted) => {
      client.setQueryData<LocationDto[]>(key, (list) => list?.filter((l) => l.id !== deleted.id));
      void client.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY });
      if (getSelectedLocation()?.id !== deleted.id) return;
      const known = lastKnownPosition();
      setSelectedLocation(known ? currentSelection(known) : null);
      const here = known ?? (await fallbackPosition());
      if (here && !known) setSelectedLocation(currentSelection(here));
      const { latitude, longitude } = here ?? deleted;
      const near = await locationsApi
        .suggestion({ query: { latitude: String(latitude), longitude: String(longitude) } })
        .then((answer) => answer.suggestion)
        .catch((err: unknown) => {
          console.error("[locations] suggestion check failed", err);
          return null;
        });
      if (near && near.id !== deleted.id) onSuggest(near);
    },
  });
}
