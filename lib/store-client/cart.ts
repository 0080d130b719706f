import type { cart } from "@/contract/store/cart";
import { cartRoutes } from "@/contract/store/routes/cart";
import { apiClient } from "./client";

/** The cart's calls (the cart id is the cookie's, never in an address). */
export const cartApi = apiClient<typeof cart>(cartRoutes);
