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
        visibleToasts={1}
        closeButton
        richColors
        toastOptions={{ duration: 4000, className: "font-sans" }}
      />
      <OneToastAtATime />
    </>
  );
}
