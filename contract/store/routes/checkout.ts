import type { StoreRoutes } from "../endpoint";

/** The checkout sheet on the cart cookie's cart, and the done page's purchase event. */
export const checkoutRoutes = {
  checkCoupon: { method: "GET", path: "coupons/:code" },
  applyCoupon: { method: "POST", path: "checkout/coupon" },
  removeCoupon: { method: "DELETE", path: "checkout/coupon" },
  applyGiftCard: { method: "POST", path: "checkout/gift-card" },
  removeGiftCard: { method: "DELETE", path: "checkout/gift-card" },
  setUsePackages: { method: "PUT", path: "checkout/packages" },
  setFulfilment: { method: "PUT", path: "checkout/fulfilment" },
  pickupBranches: { method: "GET", path: "checkout/branches" },
  validate: { method: "GET", path: "checkout/validate" },
  saveCustomer: { method: "POST", path: "checkout/customer" },
  presets: { method: "GET", path: "checkout/presets" },
  createPresetValue: { method: "POST", path: "checkout/presets/values" },
  updatePresetValue: { method: "PUT", path: "checkout/presets/values/:id" },
  deletePresetValue: { method: "DELETE", path: "checkout/presets/values/:id" },
  setDefaultPresetValue: { method: "POST", path: "checkout/presets/values/:id/default" },
  bankAccounts: { method: "GET", path: "checkout/bank-accounts" },
  submit: { method: "POST", path: "checkout/submit" },
  bankReceipt: { method: "POST", path: "checkout/bank-receipt" },
  purchaseEvent: { method: "POST", path: "checkout/purchase-event/:cartId" },
} as const satisfies StoreRoutes;
