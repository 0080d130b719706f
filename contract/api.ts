import { account } from "./endpoints/account";
import { auth } from "./endpoints/auth";
import { cart } from "./endpoints/cart";
import { catalog } from "./endpoints/catalog";
import { checkout } from "./endpoints/checkout";
import { customers } from "./endpoints/customers";
import { locations } from "./endpoints/locations";
import { payments } from "./endpoints/payments";
import { presets } from "./endpoints/presets";
import { tenants } from "./endpoints/tenants";
import { vitals } from "./endpoints/vitals";
import { website } from "./endpoints/website";
import { PROVIDER_ENDPOINTS } from "@/payment-providers/contract";

/**
 * The platform API (spec §7), every endpoint once, by domain. The platform registers a handler
 * for each (platform/api/handlers), the storefront calls them through a client derived from it
 * (lib/platform-client), and `npm run contract:list` prints it. The payments group holds each
 * payment provider's endpoints beside the ones every provider shares.
 */
export const platformApi = {
  website,
  catalog,
  cart,
  auth,
  customers,
  presets,
  locations,
  account,
  checkout,
  payments: { ...payments, ...PROVIDER_ENDPOINTS },
  tenants,
  vitals,
};

export type PlatformApi = typeof platformApi;
