"use client";

import dynamic from "next/dynamic";

/** Cancelling in a chunk of its own, loaded by order pages only (kept out of the product page's shared chunks). */
export const CancelBooking = dynamic(() => import("./cancel-booking").then((m) => m.CancelBooking));
