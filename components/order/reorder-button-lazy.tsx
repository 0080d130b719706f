"use client";

import dynamic from "next/dynamic";

/** Loaded after the page (as the receipt form): its cart modules in the order page's first load regroup the product page's chunks. */
export const ReorderButton = dynamic(() => import("./reorder-button").then((m) => m.ReorderButton), { ssr: false });
