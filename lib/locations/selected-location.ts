"use client";

import { useSyncExternalStore } from "react";
import { storeListeners } from "@/lib/store-listeners";
import { isLocationType, isPosition, type LocationDto, type Position } from "./types";

/**
 * The location the shopper has chosen (a saved one, or their current position), kept in
 * localStorage per store (host), read by the header button and the sheet without a provider.
 */
export type SelectedLocation = Omit<LocationDto, "id"> & { id: string | null };

const PREFIX = "locations:selected:";
const { emit, subscribe } = storeListeners();
let cache: { key: string; raw: string | null; value: SelectedLocation | null } | null = null;

/** The stored text back into a selection; anything malformed is no selection. */
export function parseSelected(raw: string | null): SelectedLocation | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPosition(value)) return null;
  const { id, type, description } = value as unknown as Record<string, unknown>;
  if (!isLocationType(type)) return null;
  if (id !== null && typeof id !== "string") return null;
  if (description !== null && typeof description !== "string") return null;
  return { id, type, description, latitude: (value as Position).latitude, longitude: (value as Position).longitude };
}

/** A current-position selection (no saved location behind it). */
export function currentSelection(position: Position): SelectedLocation {
  return { id: null, type: "current", description: null, latitude: position.latitude, longitude: position.longitude };
}

export function selectionOf(location: LocationDto): SelectedLocation {
  return {
    id: location.id,
    type: location.type,
    description: location.description,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

const storageKey = () => `${PREFIX}${window.location.host}`;

function read(): SelectedLocation | null {
  const key = storageKey();
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    // Storage blocked (private mode, policy): the shopper simply has no remembered location.
  }
  if (cache && cache.key === key && cache.raw === raw) return cache.value;
  cache = { key, raw, value: parseSelected(raw) };
  return cache.value;
}

export function setSelectedLocation(next: SelectedLocation | null) {
  try {
    if (next) window.localStorage.setItem(storageKey(), JSON.stringify(next));
    else window.localStorage.removeItem(storageKey());
  } catch {
    // Not remembered across reloads, but this page still shows the choice.
  }
  cache = { key: storageKey(), raw: next ? JSON.stringify(next) : null, value: next };
  emit();
}

export function getSelectedLocation(): SelectedLocation | null {
  return read();
}

function subscribeAll(listener: () => void) {
  const unsubscribe = subscribe(listener);
  // Another tab of the same store changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey()) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener("storage", onStorage);
  };
}

/** The selected location; null on the server and before hydration, so the first paint matches. */
export function useSelectedLocation(): SelectedLocation | null {
  return useSyncExternalStore(subscribeAll, read, () => null);
}
