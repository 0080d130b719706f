"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether the cart sheet is open, shared by the header button, the purchase widgets and the sheet
 * itself. A module-level store read with useSyncExternalStore: no provider has to wrap the page,
 * so server components between the header and the widgets stay server components.
 */

let open = false;
/** Set on the first open: the sheet's code is loaded then, and stays mounted for its exit animation. */
let requested = false;
/** What had focus when the sheet opened (the cart button, an add button): focus goes back there. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setCartSheetOpen(next: boolean) {
  if (open === next) return;
  open = next;
  if (next) {
    requested = true;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  emit();
}

/** Returns focus to where it was before the sheet opened, if that element is still on the page. */
export function restoreFocusAfterSheet() {
  const target = opener;
  opener = null;
  if (target?.isConnected) target.focus();
}

export const openCartSheet = () => setCartSheetOpen(true);
export const closeCartSheet = () => setCartSheetOpen(false);

export function useCartSheetOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}

/** True once the sheet has been opened in this page's life. */
export function useCartSheetRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested, () => false);
}
