import { describe, expect, it } from "vitest";
import { accountPagesFor } from "./account-pages";

const product = (typeString: "reservation" | "subscription" | "merchandise" | "gift", hasPackage = false) => ({
  typeString,
  hasPackage,
});

describe("the account pages a store's catalogue can fill", () => {
  it.each([
    ["merchandise only", [product("merchandise")], false, ["orders", "accountSettings"]],
    ["gift cards", [product("merchandise"), product("gift")], false, ["orders", "giftCards", "accountSettings"]],
    ["bookings", [product("reservation")], false, ["orders", "reservations", "accountSettings"]],
    ["subscriptions", [product("subscription")], false, ["orders", "subscriptions", "accountSettings"]],
    [
      "a package on a booking",
      [product("reservation", true)],
      false,
      ["orders", "reservations", "subscriptions", "accountSettings"],
    ],
    ["packages sold by the store", [product("merchandise")], true, ["orders", "subscriptions", "accountSettings"]],
  ] as const)("%s", (_, products, hasPackages, expected) => {
    expect(accountPagesFor(products, hasPackages)).toEqual(expected);
  });
});
