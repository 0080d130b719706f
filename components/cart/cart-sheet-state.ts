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

/** The URL hash of an open cart sheet: "#cart", or "#cart/<checkout step>" (see checkout-steps). */
export const CART_HASH = "#cart";

export function isCartHash(hash: string): boolean {
  return hash === CART_HASH || hash.startsWith(`${CART_HASH}/`);
}

/** Puts the sheet's step in the address (null removes it) without a history entry or a navigation. */
export function writeCartHash(hash: string | null) {
  const base = `${window.location.pathname}${window.location.search}`;
  if (window.location.hash === (hash ?? "")) return;
  window.history.replaceState(null, "", `${base}${hash ?? ""}`);
}

export function setCartSheetOpen(next: boolean) {
  if (open === next) return;
  open = next;
  if (next) {
    requested = true;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  } else if (isCartHash(window.location.hash)) {
    writeCartHash(null);
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
