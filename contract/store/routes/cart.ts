import type { StoreRoutes } from "../endpoint";

/** The cart's calls (the cart id is the httpOnly cookie's, never in an address). */
export const cartRoutes = {
  get: { method: "GET", path: "cart" },
  addItem: { method: "POST", path: "cart/items" },
  updateItem: { method: "PUT", path: "cart/items/:itemId" },
  removeItem: { method: "DELETE", path: "cart/items/:itemId" },
  reset: { method: "POST", path: "cart/reset" },
} as const satisfies StoreRoutes;
