import "server-only";
import { checkout } from "@/contract/store/checkout";
import { submitBankTransferOrder, submitCashOrder } from "@/lib/checkout/complete-order";
import { receiptForm } from "@/lib/checkout/receipt-form";
import { handlers } from "../context";

/** The storefront redeems coupons on the website channel (CouponOnlyForMobileApp applies here). */
const WEBSITE = { "x-sales-channel": "website" };

export const checkoutHandlers = handlers(checkout, {
  checkCoupon: (ctx) => ctx.platform().checkout.checkCoupon({ params: { code: ctx.params.code } }),
  applyCoupon: (ctx) =>
    ctx
      .platform({ headers: WEBSITE })
      .checkout.applyCoupon({ params: { id: ctx.cart.id }, body: { couponCode: ctx.body.couponCode } }),
  removeCoupon: (ctx) => ctx.platform().checkout.removeCoupon({ params: { id: ctx.cart.id } }),
  applyGiftCard: (ctx) =>
    ctx.platform().checkout.applyGiftCard({ params: { id: ctx.cart.id }, body: { code: ctx.body.code } }),
  removeGiftCard: (ctx) => ctx.platform().checkout.removeGiftCard({ params: { id: ctx.cart.id } }),
  setUsePackages: (ctx) =>
    ctx.platform().checkout.usePackages({ params: { id: ctx.cart.id }, body: { usePackages: ctx.body.usePackages } }),
  setFulfilment: (ctx) => ctx.platform().checkout.fulfilment({ params: { id: ctx.cart.id }, body: ctx.body }),
  pickupBranches: (ctx) => ctx.platform().checkout.pickupBranches({ query: ctx.query }),
  validate: (ctx) => ctx.platform().checkout.validate({ params: { id: ctx.cart.id } }),
  /**
   * Name and custom fields on the customer's record in one call (identity-customer/customer). The
   * record keeps the number they signed in with and their email; the order's own contact number
   * travels with the order instead.
   */
  saveCustomer: async (ctx) => {
    const api = ctx.platform();
    const me = await api.customers.me();
    const { name, customFields } = ctx.body;
    return api.customers.save({ body: { name, mobileNumber: me.mobileNumber, email: me.email, customFields } });
  },
  presets: async (ctx) => {
    const api = ctx.platform();
    const [presets, values] = await Promise.all([api.presets.list(), api.presets.values()]);
    return presets.map((preset) => ({
      ...preset,
      values: values.filter((v) => v.presetId === preset.id).sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
    }));
  },
  createPresetValue: (ctx) =>
    ctx.platform().presets.create({ query: { presetId: ctx.query.presetId }, body: ctx.body }),
  updatePresetValue: (ctx) => ctx.platform().presets.update({ params: { id: ctx.params.id }, body: ctx.body }),
  deletePresetValue: (ctx) => ctx.platform().presets.delete({ params: { id: ctx.params.id } }),
  setDefaultPresetValue: (ctx) => ctx.platform().presets.setDefault({ params: { id: ctx.params.id } }),
  bankAccounts: (ctx) => ctx.platform().checkout.bankAccounts(),
  submit: (ctx) => submitCashOrder(ctx, ctx.body),
  bankReceipt: (ctx) => submitBankTransferOrder(ctx, receiptForm(ctx.body)),
  purchaseEvent: (ctx) => ctx.platform().cart.purchaseEvent({ params: { id: ctx.params.cartId } }),
});
