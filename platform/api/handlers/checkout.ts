import { checkout } from "@/contract/endpoints/checkout";
import { listBankAccounts, setUsePackages, validateCart } from "../../services/checkout";
import { PAYMENT_PROVIDERS } from "../../payments/registry";
import { supersedeOpenAttempts } from "../../payments/duplicates";
import type { Db } from "../../db/client";
import { applyCoupon, checkCouponCode, removeCoupon } from "../../services/coupons";
import { handlers, type Caller, type TenantInfo } from "../define";

// Checkout acts on the signed-in customer's own cart: another's is a 404 (services/own-cart).
const owner = (tenant: TenantInfo, customer: Caller) => ({ tenantId: tenant.id, customerId: customer.customerId });

/** One live payment per cart: an order completed offline releases the cart's open online attempts (money they take later is given back). */
async function releasingOthers<T>(db: Db, tenant: TenantInfo, cartId: string, completing: Promise<T>): Promise<T> {
  const answer = await completing;
  await supersedeOpenAttempts(db, tenant.id, cartId, null);
  return answer;
}

export const checkoutHandlers = handlers(checkout, {
  checkCoupon: ({ db, tenant, params }) => checkCouponCode(db, tenant.id, params.code),
  applyCoupon: ({ db, tenant, customer, channel, locale, params, body }) =>
    applyCoupon(db, owner(tenant, customer), params.id, body, channel, locale),
  removeCoupon: ({ db, tenant, customer, locale, params }) =>
    removeCoupon(db, owner(tenant, customer), params.id, locale),
  usePackages: ({ db, tenant, customer, locale, params, body }) =>
    setUsePackages(db, owner(tenant, customer), params.id, body.usePackages, locale),
  validate: ({ db, tenant, customer, channel, locale, params }) =>
    validateCart(db, owner(tenant, customer), params.id, { channel, locale }),
  submit: ({ db, tenant, customer, channel, locale, params, body }) =>
    releasingOthers(
      db,
      tenant,
      params.id,
      PAYMENT_PROVIDERS.cash.start(db, owner(tenant, customer), params.id, body, { channel, locale }),
    ),
  bankReceipt: ({ db, tenant, customer, channel, locale, params, body }) =>
    releasingOthers(
      db,
      tenant,
      params.id,
      PAYMENT_PROVIDERS["bank-transfer"].start(db, owner(tenant, customer), params.id, body, { channel, locale }),
    ),
  bankAccounts: ({ db, tenant }) => listBankAccounts(db, tenant.id),
});
