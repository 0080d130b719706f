import { cart } from "@/contract/endpoints/cart";
import {
  addCartItem,
  claimPurchaseEvent,
  createCart,
  getCart,
  removeCartItem,
  resetCart,
  updateCartItem,
  type CartScope,
} from "../../services/cart";
import { assignCart, releaseCart } from "../../services/cart-assign";
import type { Caller, TenantInfo } from "../define";
import { handlers } from "../define";

// With a token, the caller's own carts are visible too; a guest sees guest carts by their id.
const scope = (tenant: TenantInfo, customer: Caller | null): CartScope => ({
  tenantId: tenant.id,
  customerId: customer?.customerId ?? null,
});

export const cartHandlers = handlers(cart, {
  create: ({ db, tenant, customer, locale }) => createCart(db, scope(tenant, customer), locale),
  get: ({ db, tenant, customer, locale, params }) => getCart(db, scope(tenant, customer), params.id, locale),
  addItem: ({ db, tenant, customer, locale, params, body }) =>
    addCartItem(db, scope(tenant, customer), params.id, body, locale),
  updateItem: ({ db, tenant, customer, locale, params, body }) =>
    updateCartItem(db, scope(tenant, customer), params.id, params.itemId, body, locale),
  removeItem: ({ db, tenant, customer, locale, params }) =>
    removeCartItem(db, scope(tenant, customer), params.id, params.itemId, locale),
  reset: ({ db, tenant, customer, locale, params }) => resetCart(db, scope(tenant, customer), params.id, locale),
  purchaseEvent: ({ db, tenant, customer, params }) => claimPurchaseEvent(db, scope(tenant, customer), params.id),
  assign: ({ db, tenant, customer, locale, params }) =>
    assignCart(db, { tenantId: tenant.id, customerId: customer.customerId }, params.id, locale),
  release: ({ db, tenant, customer, locale, params }) =>
    releaseCart(db, { tenantId: tenant.id, customerId: customer.customerId }, params.id, locale),
});
