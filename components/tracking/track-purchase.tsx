"use client";

import type { PixelPayload } from "@/lib/tracking/pixels";
import { useTrackEvent } from "./track-event";

/**
 * A purchase goes once per order, whichever browser shows it: the platform says which view is the
 * first. Its own module, so that a product page's first load carries neither this check nor its call.
 */
const firstView = async (id: string) => (await import("./purchase-claim")).firstPurchaseView(id);

/** The Purchase pixel event of a done order's page. */
export function TrackPurchase({ value, id, items }: { value: number; id: string; items: PixelPayload["items"] }) {
  useTrackEvent({ event: "Purchase", value, id, items }, firstView);
  return null;
}
