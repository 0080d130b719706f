"use client";

import { createSheetStore } from "@/lib/sheet-store";

/** Whether the locations sheet is open (lib/sheet-store.ts: no provider is needed). */
const sheet = createSheetStore();

export const setLocationsSheetOpen = sheet.setOpen;
export const openLocationsSheet = () => sheet.setOpen(true);
export const closeLocationsSheet = () => sheet.setOpen(false);
export const locationsSheetFailed = sheet.failed;

/** Focus goes back to the header button (or whatever opened the sheet) if it is still on the page. */
export const restoreFocusAfterLocations = () => sheet.restoreFocus();

export const useLocationsSheetOpen = sheet.useOpen;
export const useLocationsSheetRequested = sheet.useRequested;
