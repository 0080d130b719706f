"use client";

import { useSyncExternalStore } from "react";
import { storeListeners } from "@/lib/store-listeners";

/**
 * The sign-in sheet's state and the action waiting for it (spec §6: an action that needs a
 * signed-in customer opens the sign-in first and resumes after it). A module-level store like the
 * cart sheet's, so any client component can ask without a provider around the page.
 */

type Action = () => void;

let open = false;
/** Set on the first open: the sheet's code (form, phone metadata) is loaded then, not with the page. */
let requested = false;
let pending: Action | null = null;
/** Kept by useSession: whether the last known session is a signed-in one. */
let signedIn = false;
let opener: HTMLElement | null = null;
const { emit, subscribe } = storeListeners();

export function setSignInOpen(next: boolean) {
  if (open === next) return;
  open = next;
  if (next) {
    requested = true;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  } else {
    // Closed without signing in: the waiting action is dropped, not run later by surprise.
    pending = null;
  }
  emit();
}

export const openSignIn = () => setSignInOpen(true);

/**
 * Runs `action` now when the customer is signed in; otherwise opens the sign-in sheet and runs it
 * once they are. A newer request replaces an older waiting one.
 */
export function requireSignIn(action: Action) {
  if (signedIn) {
    action();
    return;
  }
  pending = action;
  setSignInOpen(true);
}

/** Called by the sheet after a successful sign-in: closes it and resumes the waiting action. */
export function completeSignIn() {
  const action = pending;
  pending = null;
  signedIn = true;
  open = false;
  emit();
  action?.();
}

export function setKnownSignedIn(value: boolean) {
  signedIn = value;
}

/**
 * Focus goes back to what opened the sheet, if it is still on the page and the resumed action
 * has not moved focus somewhere else (another sheet it opened).
 */
export function restoreFocusAfterSignIn() {
  const target = opener;
  opener = null;
  const active = document.activeElement;
  const focusIsLost = !active || active === document.body;
  if (target?.isConnected && focusIsLost) target.focus();
}

export function useSignInOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}

export function useSignInRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested, () => false);
}
