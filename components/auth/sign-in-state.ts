"use client";

import { createSheetStore } from "@/lib/sheet-store";

/**
 * The sign-in sheet's state and the action waiting for it (spec §6: an action that needs a
 * signed-in customer opens the sign-in first and resumes after it). A module-level store like the
 * cart sheet's (lib/sheet-store.ts), so any client component can ask without a provider.
 */

type Action = () => void;

let pending: Action | null = null;
/** Kept by useSession: whether the last known session is a signed-in one. */
let signedIn = false;
// Closed without signing in: the waiting action is dropped, not run later by surprise.
const sheet = createSheetStore({ onClose: () => (pending = null) });

export const setSignInOpen = sheet.setOpen;
export const openSignIn = () => sheet.setOpen(true);
export const signInFailed = sheet.failed;

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
  sheet.setOpen(true);
}

/** Called by the sheet after a successful sign-in: closes it and resumes the waiting action. */
export function completeSignIn() {
  const action = pending;
  pending = null;
  signedIn = true;
  sheet.setOpen(false);
  action?.();
}

export function setKnownSignedIn(value: boolean) {
  signedIn = value;
}

/**
 * Focus goes back to what opened the sheet, if it is still on the page and the resumed action
 * has not moved focus somewhere else (another sheet it opened).
 */
export const restoreFocusAfterSignIn = () => sheet.restoreFocus(true);

export const useSignInOpen = sheet.useOpen;
export const useSignInRequested = sheet.useRequested;
