"use client";

import dynamic from "next/dynamic";

/** The stay picker in a chunk of its own (kept apart from the product page's booking widgets). */
export const RescheduleStay = dynamic(() => import("./reschedule-stay").then((m) => m.RescheduleStay));
