import "server-only";
import type { StoreApi } from "@/contract/store/api";
import type { StoreGroupHandlers } from "./context";
import { accountHandlers } from "./handlers/account";
import { cartHandlers } from "./handlers/cart";
import { checkoutHandlers } from "./handlers/checkout";
import { locationsHandlers } from "./handlers/locations";
import { ordersHandlers } from "./handlers/orders";
import { payHandlers } from "./handlers/pay";
import { sessionHandlers } from "./handlers/session";
import { signInHandlers } from "./handlers/sign-in";
import { vitalsHandlers } from "./handlers/vitals";

/** A handler for every endpoint of the storefront's API: a group or an endpoint left out does not type-check. */
export const implementation: { [G in keyof StoreApi]: StoreGroupHandlers<StoreApi[G]> } = {
  cart: cartHandlers,
  session: sessionHandlers,
  signIn: signInHandlers,
  account: accountHandlers,
  checkout: checkoutHandlers,
  pay: payHandlers,
  orders: ordersHandlers,
  locations: locationsHandlers,
  vitals: vitalsHandlers,
};
