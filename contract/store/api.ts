import { account } from "./account";
import { cart } from "./cart";
import { checkout } from "./checkout";
import { locations } from "./locations";
import { orders } from "./orders";
import { pay } from "./pay";
import { session } from "./session";
import { signIn } from "./sign-in";
import { vitals } from "./vitals";

/**
 * The storefront's own API (the browser's calls to its server, /api/…), every endpoint once, by
 * group: one catch-all route serves it through one pipeline (lib/store-api), with a handler for
 * each endpoint, and the browser calls it through a client derived from its routes
 * (lib/store-client). docs/storefront-api.md.
 */
export const storeApi = { cart, session, signIn, account, checkout, pay, orders, locations, vitals };

export type StoreApi = typeof storeApi;
