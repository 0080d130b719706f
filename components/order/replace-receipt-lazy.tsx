"use client";

import dynamic from "next/dynamic";

/**
 * The receipt form in a chunk loaded after the page: shared with the product page's code, its
 * modules in the order page's own first load regrouped the product page's chunks (+0.7 KB there).
 */
export const ReplaceReceipt = dynamic(() => import("./replace-receipt").then((m) => m.ReplaceReceipt), { ssr: false });
