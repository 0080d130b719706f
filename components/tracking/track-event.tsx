"use client";

import { useEffect, useRef } from "react";
import type { PixelEvent, PixelPayload } from "@/lib/tracking/pixels";
import { trackingCode } from "./tracking-code";

/** Sends one pixel event when a server-rendered page shows (ViewContent on a product, Purchase on a done order). */
export function TrackEvent({ event, value, id, items }: { event: PixelEvent; value?: number; id?: string; items?: PixelPayload["items"] }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    // Once per shown page and event (development's double effects included).
    const key = `${event}:${id ?? ""}`;
    if (sent.current === key) return;
    sent.current = key;
    const payload: PixelPayload = { value, currency: "SAR", id, items };
    void (async () => {
      // A purchase goes once per order, whichever browser shows it: the platform says which is first.
      // (Its code loads only on a done page: a product page's first load carries no checkout call.)
      if (event === "Purchase" && id && !(await (await import("./purchase-claim")).firstPurchaseView(id))) return;
      (await trackingCode()).track(event, payload);
    })();
  }, [event, value, id, items]);
  return null;
}
