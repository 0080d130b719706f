import type { PlatformApi } from "@/contract/api";
import type { GroupHandlers } from "./define";
import { accountHandlers } from "./handlers/account";
import { authHandlers } from "./handlers/auth";
import { cartHandlers } from "./handlers/cart";
import { catalogHandlers } from "./handlers/catalog";
import { checkoutHandlers } from "./handlers/checkout";
import { customersHandlers } from "./handlers/customers";
import { locationsHandlers } from "./handlers/locations";
import { paymentsHandlers } from "./handlers/payments";
import { presetsHandlers } from "./handlers/presets";
import { tenantsHandlers } from "./handlers/tenants";
import { vitalsHandlers } from "./handlers/vitals";
import { websiteHandlers } from "./handlers/website";

/** A handler for every endpoint of the contract: a group or an endpoint left out does not type-check. */
export const implementation: { [G in keyof PlatformApi]: GroupHandlers<PlatformApi[G]> } = {
  website: websiteHandlers,
  catalog: catalogHandlers,
  cart: cartHandlers,
  auth: authHandlers,
  customers: customersHandlers,
  presets: presetsHandlers,
  locations: locationsHandlers,
  account: accountHandlers,
  checkout: checkoutHandlers,
  payments: paymentsHandlers,
  tenants: tenantsHandlers,
  vitals: vitalsHandlers,
};
