"use client";

import { useSyncExternalStore } from "react";
import { storeListeners } from "@/lib/store-listeners";

/** Whether the locations sheet is open; a module store like the cart sheet's, so no provider is needed. */
let open = false;
/** Set on the first open: the sheet's code is loaded then, and stays mounted for its exit animation. */
let requested = false;
let opener: HTMLElement | null = null;
const { emit, subscribe } = storeListeners();

export function setLocationsSheetOpen(next: boolean) {
  if (open === next) return;
  open = next;
  if (next) {
    requested = true;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  emit();
}

export const openLocationsSheet = () => setLocationsSheetOpen(true);
export const closeLocationsSheet = () => setLocationsSheetOpen(false);

/** Focus goes back to the header button (or whatever opened the sheet) if it is still on the page. */
export function restoreFocusAfterLocations() {
  const target = opener;
  opener = null;
  if (target?.isConnected) target.focus();
}

export function useLocationsSheetOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}

export function useLocationsSheetRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested, () => false);
}
