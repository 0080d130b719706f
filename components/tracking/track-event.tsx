"use client";

import { useEffect } from "react";
import { track, type PixelEvent, type PixelPayload } from "@/lib/tracking/pixels";

/** Sends one pixel event when a server-rendered page shows (ViewContent on a product, Purchase on a done order). */
export function TrackEvent({ event, value, id }: { event: PixelEvent; value?: number; id?: string }) {
  useEffect(() => {
    const payload: PixelPayload = { value, currency: "SAR", id };
    track(event, payload);
  }, [event, value, id]);
  return null;
}
