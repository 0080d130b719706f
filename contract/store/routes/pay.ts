import type { StoreRoutes } from "../endpoint";

/** Online payments: the providers' browser-safe addresses, and each provider's steps. */
export const payRoutes = {
  endpoints: { method: "GET", path: "checkout/pay/endpoints" },
  start: { method: "POST", path: "checkout/pay/:provider" },
  step: { method: "POST", path: "checkout/pay/:provider/:step" },
} as const satisfies StoreRoutes;
