"use client";

import { useRef, useState } from "react";
import { X } from "lucide-react";
import { BANNER_DISMISSED_KEY } from "./announcement-link";

/**
 * The announcement's moving text (spec §2): 15 s a loop, 15 loops, then it rests (wrapped, fully
 * visible). Still under prefers-reduced-motion; paused while hovered or focused; scrolls towards
 * the reading direction's start (leftwards in English, rightwards in Arabic: --marquee-sign).
 */
export function AnnouncementMarquee({ text }: { text: string }) {
  const [rested, setRested] = useState(false);
  return (
    <p className={rested ? "min-w-0 flex-1 overflow-hidden" : "min-w-0 flex-1 overflow-hidden marquee-edges"}>
      <span
        onAnimationEnd={() => setRested(true)}
        className={rested ? "inline-block w-full text-center" : "inline-block min-w-full text-center marquee"}
      >
        {text}
      </span>
    </p>
  );
}

/** × hides the banner and remembers this text (per store: storage is per host), so a new announcement shows again. */
export function AnnouncementDismiss({ bannerKey, label }: { bannerKey: string; label: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      className="-me-2 flex size-8 shrink-0 items-center justify-center rounded-full opacity-80 hover:bg-primary-foreground/15 hover:opacity-100"
      onClick={() => {
        try {
          localStorage.setItem(BANNER_DISMISSED_KEY, bannerKey);
        } catch {
          // Storage refused: hidden for this page only.
        }
        const banner = ref.current?.closest("aside");
        if (banner) banner.hidden = true;
      }}
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
