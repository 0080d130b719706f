"use client";

import { useEffect, useRef } from "react";
import type { PixelEvent, PixelPayload } from "@/lib/tracking/pixels";
import { trackingCode } from "./tracking-code";

type Props = { event: PixelEvent; value?: number; id?: string; items?: PixelPayload["items"] };

/**
 * Sends one pixel event when a server-rendered page shows, once `allowed` says so (when given):
 * once per shown page and event (development's double effects included).
 */
export function useTrackEvent({ event, value, id, items }: Props, allowed?: (id: string) => Promise<boolean>) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = `${event}:${id ?? ""}`;
    if (sent.current === key) return;
    sent.current = key;
    const payload: PixelPayload = { value, currency: "SAR", id, items };
    void (async () => {
      if (allowed && id && !(await allowed(id))) return;
      (await trackingCode()).track(event, payload);
    })();
    // `allowed` is a module-level function of its caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event, value, id, items]);
}

/** A pixel event for a server-rendered page (ViewContent on a product); a purchase is TrackPurchase's. */
export function TrackEvent(props: Props) {
  useTrackEvent(props);
  return null;
}
