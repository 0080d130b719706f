"use client";

import dynamic from "next/dynamic";

/**
 * The receipt form in a chunk loaded after the page: shared with the product page's code, its
 * modules in the order page's own first load would regroup the product page's chunks and grow its
 * first load.
 */
export const ReplaceReceipt = dynamic(() => import("./replace-receipt").then((m) => m.ReplaceReceipt), { ssr: false });
