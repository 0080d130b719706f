import { z } from "zod";
import { platformApi } from "../api";
import { PresetDto, PresetValueDto } from "../dto/presets";
import {
  ApplyCouponInput,
  ApplyGiftCardInput,
  CouponCodeParams,
  SetUsePackagesInput,
  SubmitCartInput,
} from "../input/checkout";
import { PresetValueInput, SaveCustomerInput } from "../input/customers";
import { EntityId, IdParams } from "../input/ids";
import { CreatePresetValueQuery } from "../input/presets";
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { checkoutRoutes } from "./routes/checkout";
import { BranchesQuery, SetFulfilmentInput } from "../input/fulfilment";

/** A preset with the signed-in customer's saved values of it, the default first. */
export const CheckoutPresetDto = PresetDto.extend({ values: z.array(PresetValueDto) });
export type CheckoutPresetDto = z.infer<typeof CheckoutPresetDto>;

/** Cash only here (a bank transfer completes through the receipt upload). */
export const SubmitCashBody = SubmitCartInput.extend({ paymentMethod: z.literal("CASH") });
export type SubmitCashBody = z.output<typeof SubmitCashBody>;

const { checkout: platformCheckout, presets, customers, cart } = platformApi;

/**
 * The checkout sheet: the cart is the cookie's, the customer the session's (no session ⇒ 401
 * SP:Unauthorized, no cart ⇒ 404 SP:EntityNotFound). Coupons are redeemed on the website channel.
 */
export const checkout = storeGroup(checkoutRoutes, {
  checkCoupon: {
    summary: "Whether a coupon link's code exists and is active now (the platform's SP: code when not)",
    session: "none",
    params: CouponCodeParams,
    response: platformCheckout.checkCoupon.response,
    codes: codesOf(platformCheckout.checkCoupon),
  },
  applyCoupon: {
    summary: "Applies a coupon to the shopper's cart (website channel); answers the repriced cart",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    body: ApplyCouponInput,
    limit: JSON_BODY_LIMIT,
    response: platformCheckout.applyCoupon.response,
    codes: codesOf(platformCheckout.applyCoupon),
  },
  removeCoupon: {
    summary: "Removes the cart's coupon",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    response: platformCheckout.removeCoupon.response,
    codes: codesOf(platformCheckout.removeCoupon),
  },
  applyGiftCard: {
    summary: "Pays part (or all) of the shopper's cart with a gift card; answers the repriced cart",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    body: ApplyGiftCardInput,
    limit: JSON_BODY_LIMIT,
    response: platformCheckout.applyGiftCard.response,
    codes: codesOf(platformCheckout.applyGiftCard),
  },
  removeGiftCard: {
    summary: "Removes the cart's gift card",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    response: platformCheckout.removeGiftCard.response,
    codes: codesOf(platformCheckout.removeGiftCard),
  },
  setUsePackages: {
    summary: "Turns paying with the customer's package sessions on or off; answers the repriced cart",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    body: SetUsePackagesInput,
    limit: JSON_BODY_LIMIT,
    response: platformCheckout.usePackages.response,
    codes: codesOf(platformCheckout.usePackages),
  },
  setFulfilment: {
    summary: "Delivery or pickup of the cart's merchandise; answers the repriced cart (delivery adds the store's fee)",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    body: SetFulfilmentInput,
    limit: JSON_BODY_LIMIT,
    response: platformCheckout.fulfilment.response,
    codes: codesOf(platformCheckout.fulfilment),
  },
  pickupBranches: {
    summary: "The store's pickup branches, nearest first to ?latitude&longitude when given",
    session: "none",
    query: BranchesQuery,
    response: platformCheckout.pickupBranches.response,
    codes: codesOf(platformCheckout.pickupBranches),
  },
  validate: {
    summary: "{valid: true}, or the error of the first rule the cart breaks now (called before every payment)",
    session: "required",
    cart: "required",
    response: platformCheckout.validate.response,
    codes: codesOf(platformCheckout.validate),
  },
  saveCustomer: {
    summary:
      "The customer-info step: name and custom fields on the customer's record in one call (the number they signed in with and their email are kept)",
    session: "required",
    idempotencyKey: "forward",
    body: SaveCustomerInput.pick({ name: true, customFields: true }),
    limit: JSON_BODY_LIMIT,
    response: customers.save.response,
    codes: codesOf(customers.me, customers.save),
  },
  presets: {
    summary: "The store's presets, each with the signed-in customer's saved values (default first)",
    session: "required",
    response: z.array(CheckoutPresetDto),
    codes: codesOf(presets.list, presets.values),
  },
  createPresetValue: {
    summary: "Saves the checkout's values as a new value of the preset (?presetId=); answers it",
    session: "required",
    idempotencyKey: "forward",
    query: CreatePresetValueQuery.pick({ presetId: true }),
    body: PresetValueInput,
    limit: JSON_BODY_LIMIT,
    response: presets.create.response,
    codes: codesOf(presets.create),
  },
  updatePresetValue: {
    summary: "Updates one of the customer's saved values (another customer's id is the platform's 404)",
    session: "required",
    idempotencyKey: "forward",
    params: IdParams,
    body: PresetValueInput,
    limit: JSON_BODY_LIMIT,
    response: presets.update.response,
    codes: codesOf(presets.update),
  },
  deletePresetValue: {
    summary: "Deletes one of the customer's saved values (another customer's id is the platform's 404)",
    session: "required",
    idempotencyKey: "forward",
    params: IdParams,
    response: presets.delete.response,
    codes: codesOf(presets.delete),
  },
  setDefaultPresetValue: {
    summary: "Makes one of the customer's saved values the default of its preset (the others stop being it)",
    session: "required",
    idempotencyKey: "forward",
    params: IdParams,
    response: presets.setDefault.response,
    codes: codesOf(presets.setDefault),
  },
  bankAccounts: {
    summary: "The store's bank accounts for a transfer",
    session: "none",
    response: platformCheckout.bankAccounts.response,
    codes: codesOf(platformCheckout.bankAccounts),
  },
  submit: {
    summary: "Completes the shopper's cart paid in cash; answers the completed cart (its id names the done page)",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    body: SubmitCashBody,
    limit: JSON_BODY_LIMIT,
    response: platformCheckout.submit.response,
    codes: codesOf(platformCheckout.submit),
  },
  bankReceipt: {
    summary:
      "Completes the shopper's cart by bank transfer: multipart `transferorName`, `files` (the receipt) and `checkout` (customer and booking notes as JSON); answers the completed cart, pending review",
    session: "required",
    cart: "required",
    idempotencyKey: "forward",
    multipart: true,
    limit: UPLOAD_BODY_LIMIT,
    response: platformCheckout.bankReceipt.response,
    codes: codesOf(platformCheckout.bankReceipt, "SP:FileTooLarge", "SP:MalformedMultipart"),
  },
  purchaseEvent: {
    summary:
      "Claims the order's purchase event for the pixels: first is true once per order, so a second tab, a reload or another browser sends nothing (a guest's order is seen by its id)",
    session: "optional",
    idempotencyKey: "forward",
    params: z.object({ cartId: EntityId }),
    response: cart.purchaseEvent.response,
    codes: codesOf(cart.purchaseEvent),
  },
});
