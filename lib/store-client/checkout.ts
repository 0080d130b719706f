import type { checkout } from "@/contract/store/checkout";
import { checkoutRoutes } from "@/contract/store/routes/checkout";
import { apiClient } from "./client";

/** The checkout sheet's calls on the cart cookie's cart. */
export const checkoutApi = apiClient<typeof checkout>(checkoutRoutes);
