"use client";

import dynamic from "next/dynamic";

/**
 * The picker in a chunk of its own: the page's own code stays apart from the product page's
 * booking widgets (sharing them would put the shared code in the product page's first load).
 */
export const RescheduleSlot = dynamic(() => import("./reschedule-slot").then((m) => m.RescheduleSlot));
