"use client";

import { useEffect } from "react";
import { Toaster as Sonner, toast, useSonner } from "sonner";
import { toasterMounted } from "./toast";

/**
 * Spec §2: one toast at a time, a new one replaces the old. `visibleToasts={1}` alone only hides
 * older toasts behind the newest, and they come back when it closes; so every toast but the
 * newest is dismissed as soon as it is shown, from whichever component called toast().
 * Sonner then animates it out; it keeps dismissed toasts only in its bounded history, there is
 * no removal delay to configure (the spec's "very long delay" belongs to another toast library).
 */
function OneToastAtATime() {
  const { toasts } = useSonner();
  useEffect(() => {
    // useSonner lists the newest toast first.
    for (const older of toasts.slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return null;
}

/** The CSS variable that holds the toasts' distance from the top of the viewport. */
const TOAST_TOP_VAR = "--sf-toast-top";
/** Space between the header's lower edge and a toast. */
const GAP_PX = 8;

/**
 * Where a toast may start: just below the site header (`data-site-header`), which is sticky under
 * an announcement banner that scrolls away, so its lower edge moves with the scroll. A toast over
 * the header would hide the cart, locations and account buttons, and sonner holds a toast open for
 * as long as the pointer rests on it: a desktop shopper reaching for the header right after
 * "Signed in" found the button under the toast until they moved the mouse away.
 */
function toastTop(header: { getBoundingClientRect(): { bottom: number } } | null): number {
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return Math.round(bottom) + GAP_PX;
}

/** Keeps TOAST_TOP_VAR on <html> at toastTop() while the toaster is mounted (no re-render per scroll). */
function FollowHeader() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      root.style.setProperty(TOAST_TOP_VAR, `${toastTop(document.querySelector("[data-site-header]"))}px`);
    };
    const schedule = () => void (frame ||= requestAnimationFrame(update));
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);
  return null;
}

/** Loaded with sonner on the first toast (components/toast.ts); says when it is ready to show it. */
export function Toaster({ dir }: { dir: "rtl" | "ltr" }) {
  // Runs after sonner's own effects (children first), so the toaster is listening by then.
  useEffect(() => toasterMounted(), []);
  return (
    <>
      <Sonner
        dir={dir}
        // The top corner on the reading side's end, clear of the bottom sheet's footer.
        position={dir === "rtl" ? "top-left" : "top-right"}
        // Below the header (FollowHeader), on the phone (mobileOffset) as on the desktop.
        offset={{ top: `var(${TOAST_TOP_VAR}, 72px)` }}
        mobileOffset={{ top: `var(${TOAST_TOP_VAR}, 72px)` }}
        visibleToasts={1}
        closeButton
        richColors
        toastOptions={{ duration: 4000, className: "font-sans" }}
      />
      <OneToastAtATime />
      <FollowHeader />
    </>
  );
}
