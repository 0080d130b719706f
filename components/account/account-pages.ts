/** The customer's account pages (spec §2), in the menu's and the tabs' order. */
export const ACCOUNT_PAGES = [
  { path: "/profile/orders", key: "orders" },
  { path: "/profile/reservations", key: "reservations" },
  { path: "/profile/subscriptions", key: "subscriptions" },
  { path: "/profile/account-settings", key: "accountSettings" },
] as const;
