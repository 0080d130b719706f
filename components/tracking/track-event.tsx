"use client";

import { useEffect, useRef } from "react";
import { CodedError } from "@/contract/coded-error";
import { fetchEnvelope } from "@/lib/client-fetch";
import type { PixelEvent, PixelPayload } from "@/lib/tracking/pixels";
import { trackingCode } from "./tracking-code";

class ClaimRefused extends CodedError {
  override name = "ClaimRefused";
}

/**
 * Whether this page is the order's first to show its purchase (the platform keeps the mark, so a
 * second tab, a reload with storage cleared or another browser says no). No answer (the store
 * unreachable) leaves it to the browser's own de-duplication and the ad platforms' (event id = order id).
 */
async function firstPurchaseView(orderId: string): Promise<boolean> {
  try {
    return (await fetchEnvelope<{ first: boolean }>(ClaimRefused, "POST", `/api/checkout/purchase-event/${encodeURIComponent(orderId)}`)).first;
  } catch (err) {
    return !(err instanceof ClaimRefused) || err.status === 0 || err.status >= 500;
  }
}

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
      if (event === "Purchase" && id && !(await firstPurchaseView(id))) return;
      (await trackingCode()).track(event, payload);
    })();
  }, [event, value, id, items]);
  return null;
}
