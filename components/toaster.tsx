"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { Toaster as Sonner, toast, useSonner } from "sonner";

// Sonner's own toast, for components/toast.ts: it arrives with the toaster, in one chunk.
export { toast };

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
    // Placed for where things are now: a sheet that was still sliding in when it was last placed has settled.
    placeToasts();
  }, [toasts]);
  return null;
}

/** The CSS variable that holds the toasts' distance from the top of the viewport, when set. */
const TOAST_TOP_VAR = "--sf-toast-top";
/** On <html> while toasts are drawn in a single slim line (globals.css), to fit above a sheet. */
const SLIM_ATTRIBUTE = "data-toast-slim";
/** Space between the header's lower edge and a toast. */
const GAP_PX = 8;
/** Room a toast needs above an open sheet (its height and sonner's own offset) to sit there. */
const ROOM_ABOVE_SHEET_PX = 88;
/** A slim toast's distance from the top of the screen, over the strip a phone's sheet leaves uncovered. */
const SLIM_TOP_PX = 4;

/**
 * Where the sheet's top edge comes to rest: vaul slides it in with a transform, and a toast placed
 * while it is still on its way would be measured against where it is, not where it stops.
 */
function restingTop(sheet: Element): number {
  const { transform } = getComputedStyle(sheet);
  const shift = transform && transform !== "none" ? new DOMMatrixReadOnly(transform).m42 : 0;
  return sheet.getBoundingClientRect().top - shift;
}

/**
 * Where a toast starts, in px from the top, or null for sonner's own corner offset (16 px on the
 * phone, 24 px on the desktop). On the page: just below the site header (`data-site-header`), which
 * is sticky under an announcement banner that scrolls away, so its lower edge moves with the
 * scroll. A toast over the header would hide the cart, locations and account buttons, and sonner
 * holds a toast open for as long as the pointer rests on it: a desktop shopper reaching for the
 * header right after "Signed in" would find the button under the toast until the mouse moved away.
 * Over an open sheet the site header is behind the overlay: where the sheet leaves room above
 * it (the desktop), the toast keeps to sonner's top corner; where it reaches near the top (the
 * phone), the toast is slim and sits in the strip above the sheet, over the dimmed page: below
 * the sheet's header it would hide the step's title and first line, which is what the shopper
 * reads next ("Added to cart", then the cart; "Signed in", then the details to fill).
 */
function toastPlace(): { top: number | null; slim: boolean } {
  const sheet = document.querySelector('[role="dialog"], [role="alertdialog"]');
  if (sheet)
    return restingTop(sheet) >= ROOM_ABOVE_SHEET_PX ? { top: null, slim: false } : { top: SLIM_TOP_PX, slim: true };
  const header = document.querySelector("[data-site-header]");
  if (!header) return { top: null, slim: false };
  return { top: Math.round(Math.max(0, header.getBoundingClientRect().bottom)) + GAP_PX, slim: false };
}

/**
 * Keeps TOAST_TOP_VAR and SLIM_ATTRIBUTE on <html> at toastPlace() while the toaster is mounted:
 * on scroll and resize, when a sheet opens or closes (sheets are portals in <body>) and when a
 * toast shows; no re-render of the toaster.
 */
function placeToasts() {
  const { top, slim } = toastPlace();
  const root = document.documentElement;
  if (top === null) root.style.removeProperty(TOAST_TOP_VAR);
  else root.style.setProperty(TOAST_TOP_VAR, `${top}px`);
  root.toggleAttribute(SLIM_ATTRIBUTE, slim);
}

function FollowHeader() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      placeToasts();
    };
    const schedule = () => void (frame ||= requestAnimationFrame(update));
    update();
    const sheets = new MutationObserver(schedule);
    sheets.observe(document.body, { childList: true });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      sheets.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      root.style.removeProperty(TOAST_TOP_VAR);
      root.removeAttribute(SLIM_ATTRIBUTE);
    };
  }, []);
  return null;
}

/** Loaded with sonner on the first toast (components/toast.ts); its host says when it is mounted. */
export function Toaster({ dir }: { dir: "rtl" | "ltr" }) {
  const t = useTranslations("common.toast");
  return (
    <>
      <Sonner
        dir={dir}
        // The top corner on the reading side's end, clear of the bottom sheet's footer.
        position={dir === "rtl" ? "top-left" : "top-right"}
        // Below the header (FollowHeader), on the phone (mobileOffset) as on the desktop; over a
        // sheet, sonner's own offsets.
        offset={{ top: `var(${TOAST_TOP_VAR}, 24px)` }}
        mobileOffset={{ top: `var(${TOAST_TOP_VAR}, 16px)` }}
        visibleToasts={1}
        closeButton
        richColors
        // Every label in the shopper's language (sonner's own are English: "Close toast", "Notifications").
        containerAriaLabel={t("region")}
        toastOptions={{ duration: 4000, className: "font-sans", closeButtonAriaLabel: t("close") }}
      />
      <OneToastAtATime />
      <FollowHeader />
    </>
  );
}
