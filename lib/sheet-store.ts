"use client";

import { useSyncExternalStore } from "react";
import { storeListeners } from "@/lib/store-listeners";

/**
 * The one pattern of the storefront's sheets (cart, sign-in, locations): a module-level store read
 * with useSyncExternalStore, so any client component can open a sheet without a provider around
 * the page. It knows whether the sheet is open, whether it was ever opened (its code is loaded
 * then, and stays mounted for the exit animation) and what had focus when it opened.
 */
export type SheetStore = ReturnType<typeof createSheetStore>;

export function createSheetStore(hooks: { onClose?: () => void } = {}) {
  let open = false;
  let requested = false;
  let opener: HTMLElement | null = null;
  const { emit, subscribe } = storeListeners();

  function setOpen(next: boolean) {
    if (open === next) return;
    open = next;
    if (next) {
      requested = true;
      opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else hooks.onClose?.();
    emit();
  }

  return {
    setOpen,
    /** The sheet's code could not be loaded (a dropped connection): closed, and loaded again at the next opening. */
    failed() {
      requested = false;
      // Closing tells the readers; an already closed sheet's readers are told here.
      if (open) setOpen(false);
      else emit();
    },
    isOpen: () => open,
    /** Tells the sheet's readers that something they derive has changed (the store's own state or not). */
    emit,
    /**
     * Gives focus back to what opened the sheet, if it is still on the page; `onlyIfLost`: only
     * when nothing else has taken the focus meanwhile (an action that opened another sheet).
     */
    restoreFocus(onlyIfLost = false) {
      const target = opener;
      opener = null;
      const active = document.activeElement;
      if (onlyIfLost && active && active !== document.body) return;
      if (target?.isConnected) target.focus();
    },
    useOpen: () =>
      useSyncExternalStore(
        subscribe,
        () => open,
        () => false,
      ),
    useRequested: () =>
      useSyncExternalStore(
        subscribe,
        () => requested,
        () => false,
      ),
  };
}
