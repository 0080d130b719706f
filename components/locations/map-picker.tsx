"use client";

import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { MapPin } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { fromViewBox, isInView, offsetPosition, toViewBox, type ViewSpan } from "@/lib/locations/geo";
import type { Position } from "@/lib/locations/types";

/** About 1.2 km across and 675 m high (16:9): a neighbourhood, fine enough to point at a building. */
const SPAN: ViewSpan = { east: 600, north: 337.5 };
const STEP = 10;
const BIG_STEP = 100;
const KEY_STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

const coordinate = (n: number, locale: string) =>
  new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-arab" : "en-SA", { maximumFractionDigits: 5 }).format(n);

type Props = { value: Position; onChange: (next: Position) => void };

/**
 * The map without a Maps key (spec §9): a plain grid around the point, north up, east right in
 * both languages. Tap or drag to place the pin; the pin itself moves with the arrow keys.
 */
export function MapPicker({ value, onChange }: Props) {
  const t = useTranslations("locations.map");
  const locale = useLocale();
  const hintId = useId();
  const area = useRef<HTMLDivElement>(null);
  const pinButton = useRef<HTMLButtonElement>(null);
  // Grabbing the pin's head keeps the gap to its tip, so the pin does not jump under the finger.
  const grab = useRef({ dx: 0, dy: 0 });
  const [center, setCenter] = useState(value);
  // A point typed or located outside the view moves the view to it (adjusted while rendering).
  if (!isInView(center, value, SPAN)) setCenter(value);
  const pin = toViewBox(center, value, SPAN);

  const placeAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    const x = ((event.clientX + grab.current.dx - box.left) / box.width) * 100;
    const y = ((event.clientY + grab.current.dy - box.top) / box.height) * 100;
    onChange(fromViewBox(center, x, y, SPAN));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const size = event.shiftKey ? BIG_STEP : STEP;
    onChange(offsetPosition(value, step[0] * size, step[1] * size));
  };

  return (
    <div
      ref={area}
      dir="ltr"
      role="group"
      aria-label={t("label")}
      // The sheet must not take a drag on the map for a swipe that closes it.
      data-vaul-no-drag=""
      className="relative aspect-[16/9] w-full cursor-crosshair touch-none overflow-hidden rounded-xl border border-border bg-[oklch(0.96_0.02_150)] select-none"
      style={{
        backgroundImage:
          "linear-gradient(to right, rgb(0 0 0 / 0.06) 1px, transparent 1px), linear-gradient(to bottom, rgb(0 0 0 / 0.06) 1px, transparent 1px)",
        backgroundSize: "10% 17.78%",
        backgroundPosition: "center",
      }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        // The sheet around the map takes pointer capture on a press (to drag itself closed): kept
        // from it, or the moves of a drag on a phone would go to the sheet and the pin would stay.
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        const box = event.currentTarget.getBoundingClientRect();
        const onPin = pinButton.current?.contains(event.target as Node) ?? false;
        grab.current = onPin
          ? {
              dx: box.left + (pin.x / 100) * box.width - event.clientX,
              dy: box.top + (pin.y / 100) * box.height - event.clientY,
            }
          : { dx: 0, dy: 0 };
        placeAt(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) placeAt(event);
      }}
    >
      {/* Rings around the view's centre and a compass: a sense of scale and of north without map tiles. */}
      <svg aria-hidden="true" viewBox="0 0 160 90" className="pointer-events-none absolute inset-0 size-full">
        <circle
          cx="80"
          cy="45"
          r="20"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.12"
          className="text-foreground"
        />
        <circle
          cx="80"
          cy="45"
          r="40"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.1"
          className="text-foreground"
        />
        <circle cx="80" cy="45" r="1.2" className="fill-foreground/30" />
        <g transform="translate(148 12)" className="text-foreground">
          <circle r="8" className="fill-card" fillOpacity="0.85" stroke="currentColor" strokeOpacity="0.15" />
          <path d="M0 -5.5 L2.5 1.5 L0 0 L-2.5 1.5 Z" className="fill-primary" />
        </g>
        <text x="148" y="27" textAnchor="middle" fontSize="5" fontWeight="700" className="fill-foreground/60">
          {t("north")}
        </text>
      </svg>
      <button
        ref={pinButton}
        type="button"
        aria-label={t("pin", {
          latitude: coordinate(value.latitude, locale),
          longitude: coordinate(value.longitude, locale),
        })}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        className="absolute -translate-x-1/2 -translate-y-full rounded-full p-0.5 text-primary drop-shadow-[0_3px_3px_rgb(0_0_0/0.25)] focus-visible:outline-2 focus-visible:outline-ring"
        style={{ left: `${pin.x}%`, top: `${pin.y}%` }}
      >
        <MapPin aria-hidden="true" className="size-9 fill-primary stroke-card" strokeWidth={1.5} />
      </button>
      <p
        id={hintId}
        className="pointer-events-none absolute inset-x-0 bottom-0 bg-card/80 px-2 py-1 text-center text-xs text-muted-foreground"
        dir={locale === "ar" ? "rtl" : "ltr"}
      >
        {t("hint")}
      </p>
    </div>
  );
}
