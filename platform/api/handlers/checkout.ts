import { checkout } from "@/contract/endpoints/checkout";
import {
  completeWithBankTransfer,
  listBankAccounts,
  setUsePackages,
  submitCart,
  validateCart,
} from "../../services/checkout";
import { supersedeOpenAttempts } from "../../payments/duplicates";
import type { Db } from "../../db/client";
import { applyCoupon, checkCouponCode, removeCoupon } from "../../services/coupons";
import { pickupBranches, setFulfilment } from "../../services/fulfilment";
import { PositionQuery } from "@/contract/input/locations";
import { applyGiftCard, removeGiftCard } from "../../services/gift-card-checkout";
import { giftCardPage } from "../../services/gift-cards";
import { handlers, ownerOf, type TenantInfo } from "../define";

/** One live payment per cart: an order completed offline releases the cart's open online attempts (money they take later is given back). */
async function releasingOthers<T>(db: Db, tenant: TenantInfo, cartId: string, completing: Promise<T>): Promise<T> {
  const answer = await completing;
  await supersedeOpenAttempts(db, tenant.id, cartId, null);
  return answer;
}

export const checkoutHandlers = handlers(checkout, {
  checkCoupon: ({ db, tenant, params }) => checkCouponCode(db, tenant.id, params.code),
  applyCoupon: ({ db, tenant, customer, channel, locale, params, body }) =>
    applyCoupon(db, ownerOf(tenant, customer), params.id, body, channel, locale),
  removeCoupon: ({ db, tenant, customer, locale, params }) =>
    removeCoupon(db, ownerOf(tenant, customer), params.id, locale),
  applyGiftCard: ({ db, tenant, customer, locale, params, body }) =>
    applyGiftCard(db, ownerOf(tenant, customer), params.id, body.code, locale),
  giftCard: ({ db, tenant, locale, params }) => giftCardPage(db, tenant.id, params.token, locale),
  removeGiftCard: ({ db, tenant, customer, locale, params }) =>
    removeGiftCard(db, ownerOf(tenant, customer), params.id, locale),
  usePackages: ({ db, tenant, customer, locale, params, body }) =>
    setUsePackages(db, ownerOf(tenant, customer), params.id, body.usePackages, locale),
  fulfilment: ({ db, tenant, customer, locale, params, body }) =>
    setFulfilment(db, ownerOf(tenant, customer), params.id, body, locale),
  pickupBranches: ({ db, tenant, locale, query }) => {
    // An unreadable position is no position: the list is then in the store's order.
    const here = PositionQuery.safeParse({ latitude: query.latitude ?? "", longitude: query.longitude ?? "" });
    return pickupBranches(db, tenant.id, here.success ? here.data : null, locale);
  },
  validate: ({ db, tenant, customer, channel, locale, params }) =>
    validateCart(db, ownerOf(tenant, customer), params.id, { channel, locale }),
  submit: ({ db, tenant, customer, channel, locale, client, params, body }) =>
    releasingOthers(
      db,
      tenant,
      params.id,
      submitCart(db, ownerOf(tenant, customer), params.id, body, { channel, locale, client }),
    ),
  bankReceipt: ({ db, tenant, customer, channel, locale, client, params, body }) =>
    releasingOthers(
      db,
      tenant,
      params.id,
      completeWithBankTransfer(db, ownerOf(tenant, customer), params.id, body, { channel, locale, client }),
    ),
  bankAccounts: ({ db, tenant }) => listBankAccounts(db, tenant.id),
});
