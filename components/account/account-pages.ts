import type { ProductTypeString } from "@/contract/dto/shared";

/** The customer's account pages (spec §2), in the menu's and the tabs' order. */
export const ACCOUNT_PAGES = [
  { path: "/profile/orders", key: "orders" },
  { path: "/profile/reservations", key: "reservations" },
  { path: "/profile/subscriptions", key: "subscriptions" },
  { path: "/profile/gift-cards", key: "giftCards" },
  { path: "/profile/account-settings", key: "accountSettings" },
] as const;

export type AccountPageKey = (typeof ACCOUNT_PAGES)[number]["key"];

/**
 * The account pages a store's catalogue can fill: bookings only where it sells reservations,
 * subscriptions where it sells them or packages, gift cards where it sells them; orders and the
 * settings always.
 */
export function accountPagesFor(
  products: readonly { typeString: ProductTypeString; hasPackage: boolean }[],
  hasPackages: boolean,
): AccountPageKey[] {
  const sells = (kind: ProductTypeString) => products.some((p) => p.typeString === kind);
  const filled: Record<AccountPageKey, boolean> = {
    orders: true,
    reservations: sells("reservation"),
    subscriptions: sells("subscription") || hasPackages || products.some((p) => p.hasPackage),
    giftCards: sells("gift"),
    accountSettings: true,
  };
  return ACCOUNT_PAGES.filter((p) => filled[p.key]).map((p) => p.key);
}
