"use client";

import { createSheetStore } from "@/lib/sheet-store";

/**
 * Whether the cart sheet is open, shared by the header button, the purchase widgets and the sheet
 * itself (lib/sheet-store.ts), and its step in the address.
 */

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

const sheet = createSheetStore({ onClose: () => (isCartHash(window.location.hash) ? writeCartHash(null) : undefined) });

export const setCartSheetOpen = sheet.setOpen;

/** Returns focus to where it was before the sheet opened, if that element is still on the page. */
export const restoreFocusAfterSheet = () => sheet.restoreFocus();

export const openCartSheet = () => sheet.setOpen(true);

/** Told to a mounted checkout when the sheet is asked to open at a given step (openCartSheetAt). */
export const CART_RESUME_EVENT = "cart:resume";

/**
 * Opens the sheet at a step of its checkout (a hash such as "#cart/payment"): the step is put in
 * the address, where a checkout that mounts now reads it, and a mounted one is told.
 */
export function openCartSheetAt(hash: string) {
  writeCartHash(hash);
  window.dispatchEvent(new Event(CART_RESUME_EVENT));
  sheet.setOpen(true);
}
export const closeCartSheet = () => sheet.setOpen(false);
export const cartSheetFailed = sheet.failed;

export const useCartSheetOpen = sheet.useOpen;

/** True once the sheet has been opened in this page's life. */
export const useCartSheetRequested = sheet.useRequested;
