import type { orders } from "@/contract/store/orders";
import { ordersRoutes } from "@/contract/store/routes/orders";
import { apiClient } from "./client";
import { withLinks } from "./links";

/** A placed order's files (links) and changes. */
export const ordersApi = withLinks(apiClient<typeof orders>(ordersRoutes), ordersRoutes, [
  "invoice",
  "calendar",
  "walletPass",
]);
