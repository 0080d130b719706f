import type { StoreRoutes } from "../endpoint";

/** Real shoppers' Web Vitals: the page's beacon once it is hidden (lib/web-vitals). */
export const vitalsRoutes = {
  record: { method: "POST", path: "vitals" },
} as const satisfies StoreRoutes;
