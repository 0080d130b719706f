"use client";

import { useEffect, useRef } from "react";
import type { PixelEvent, PixelPayload } from "@/lib/tracking/pixels";
import { trackingCode } from "./tracking-code";

/** Sends one pixel event when a server-rendered page shows (ViewContent on a product, Purchase on a done order). */
export function TrackEvent({ event, value, id }: { event: PixelEvent; value?: number; id?: string }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    // Once per shown page and event (development's double effects included).
    const key = `${event}:${id ?? ""}`;
    if (sent.current === key) return;
    sent.current = key;
    const payload: PixelPayload = { value, currency: "SAR", id };
    void trackingCode().then(({ track }) => track(event, payload));
  }, [event, value, id]);
  return null;
}
