import type { StoreRoutes } from "../endpoint";

/** A placed order's files and changes (the order page, the done page). */
export const ordersRoutes = {
  invoice: { method: "GET", path: "orders/:cartId/invoice" },
  calendar: { method: "GET", path: "orders/:cartId/calendar" },
  walletPass: { method: "GET", path: "orders/:cartId/items/:itemId/wallet-pass" },
  cancelBooking: { method: "POST", path: "orders/:cartId/items/:itemId/cancel" },
  reschedule: { method: "POST", path: "orders/:cartId/items/:itemId/reschedule" },
  replaceReceipt: { method: "POST", path: "orders/:cartId/bank-receipt" },
} as const satisfies StoreRoutes;
