import type { StoreRoutes } from "../endpoint";

/** The signed-in customer's saved locations (the locations sheet). */
export const locationsRoutes = {
  list: { method: "GET", path: "locations" },
  create: { method: "POST", path: "locations" },
  remove: { method: "DELETE", path: "locations/:id" },
  closest: { method: "GET", path: "locations/closest" },
  suggestion: { method: "GET", path: "locations/suggestion" },
} as const satisfies StoreRoutes;
