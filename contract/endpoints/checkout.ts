import { z } from "zod";
import { CartDto } from "../dto/cart";
import { BankAccountDto, ValidateCartDto } from "../dto/checkout";
import { endpoint } from "../endpoint";
import { GiftCardDto } from "../dto/gift-cards";
import { COUPON_CODES } from "../errors";
import {
  ApplyCouponInput,
  ApplyGiftCardInput,
  GiftCardTokenParams,
  CouponCodeParams,
  SetUsePackagesInput,
  SubmitCartInput,
} from "../input/checkout";
import { IdParams } from "../input/ids";
import { BranchesQuery, SetFulfilmentInput } from "../input/fulfilment";
import { PickupBranchDto } from "../dto/cart";

/** The rules an order is checked against before it completes (spec §8), shared by every payment. */
export const ORDER_RULES = [
  "SP:CartIsEmpty",
  "SP:CartAlreadyCompleted",
  "SP:CartMinimumAmountNotMet",
  "SP:PaymentMethodNotAllowed",
  "SP:MerchandiseItemInsufficientStock",
  "SP:SlotIsNotAvailable",
  "SP:NextReservationPeriodNotMet",
  "SP:SubscriptionLimitExceeded",
  "SP:NotEnoughPackageSessions",
  "SP:CartTotalChanged",
  "SP:DeliveryLocationRequired",
  "SP:DeliveryOutOfRange",
  "SP:PickupBranchRequired",
  "SP:GiftCardNotFound",
  "SP:GiftCardExpired",
  "SP:GiftCardEmpty",
  "SP:GiftCardForGiftCard",
  "SP:InvalidMobileNumber",
  "SP:EntityNotFound",
] as const;

/**
 * Checkout on the signed-in customer's own cart (a guest's or another customer's cart is a 404).
 * The x-sales-channel header (website | mobile, default website) is where a coupon is redeemed.
 */
export const checkout = {
  applyCoupon: endpoint({
    method: "POST",
    path: "cart/:id/coupon",
    auth: "customer",
    summary: "Applies a coupon to the cart (the cart, with the code applied as `code`, spec §7)",
    params: IdParams,
    body: ApplyCouponInput,
    response: CartDto.extend({ code: z.string() }),
    codes: [...COUPON_CODES, "SP:Forbidden", "SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  /**
   * A shared coupon link (/discount/{code}, ?coupon={code}) checks its code before the storefront
   * remembers it: it exists and is active now. Whether it fits a cart and a customer is checked when
   * it is applied. Public: a link is opened before any sign-in.
   */
  checkCoupon: endpoint({
    method: "GET",
    path: "coupons/:code",
    auth: "public",
    summary: "Whether a coupon code exists and is active now (a coupon link, before it is remembered)",
    params: CouponCodeParams,
    response: z.object({ code: z.string() }),
    codes: ["SP:CouponNotFound", "SP:CouponIsNotActive", "SP:CouponExpired"],
  }),
  removeCoupon: endpoint({
    method: "DELETE",
    path: "cart/:id/coupon",
    auth: "customer",
    summary: "Removes the cart's coupon",
    params: IdParams,
    response: CartDto,
    codes: ["SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  applyGiftCard: endpoint({
    method: "POST",
    path: "cart/:id/gift-card",
    auth: "customer",
    summary: "Pays part (or all) of the cart with a gift card's balance, taken when the order completes",
    params: IdParams,
    body: ApplyGiftCardInput,
    response: CartDto,
    codes: [
      "SP:GiftCardNotFound",
      "SP:GiftCardExpired",
      "SP:GiftCardEmpty",
      "SP:GiftCardForGiftCard",
      "SP:TooManyRequests",
      "SP:CartAlreadyCompleted",
      "SP:EntityNotFound",
    ],
  }),
  /** A gift card's page (/gift/<token>): public, as its link is sent to a recipient who may have no account. */
  giftCard: endpoint({
    method: "GET",
    path: "gift-cards/:token",
    auth: "public",
    summary: "The gift card of a page token: its code, value, balance, expiry, names and theme",
    params: GiftCardTokenParams,
    response: GiftCardDto,
    codes: ["SP:EntityNotFound"],
  }),
  removeGiftCard: endpoint({
    method: "DELETE",
    path: "cart/:id/gift-card",
    auth: "customer",
    summary: "Removes the cart's gift card",
    params: IdParams,
    response: CartDto,
    codes: ["SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  usePackages: endpoint({
    method: "PUT",
    path: "cart/:id/packages",
    auth: "customer",
    summary: "Whether the customer's prepaid packages pay for the items they cover",
    params: IdParams,
    body: SetUsePackagesInput,
    response: CartDto,
    codes: ["SP:CartAlreadyCompleted", "SP:EntityNotFound"],
  }),
  fulfilment: endpoint({
    method: "PUT",
    path: "cart/:id/fulfilment",
    auth: "customer",
    summary:
      "Delivery (a position or saved location, an address line, a note for the driver) or pickup at a branch; the cart keeps a copy and is repriced (delivery fee)",
    params: IdParams,
    body: SetFulfilmentInput,
    response: CartDto,
    codes: [
      "SP:DeliveryLocationRequired",
      "SP:DeliveryOutOfRange",
      "SP:PickupBranchRequired",
      "SP:CartAlreadyCompleted",
      "SP:EntityNotFound",
    ],
  }),
  pickupBranches: endpoint({
    method: "GET",
    path: "fulfilment/branches",
    auth: "public",
    summary: "The branches merchandise may be collected at, nearest first to ?latitude&longitude when given",
    query: BranchesQuery,
    response: z.array(PickupBranchDto),
    codes: [],
  }),
  validate: endpoint({
    method: "GET",
    path: "cart/:id/validate",
    auth: "customer",
    summary: "Checks the cart against every order rule before a payment (the first failing rule's code)",
    params: IdParams,
    response: ValidateCartDto,
    codes: ORDER_RULES,
  }),
  submit: endpoint({
    method: "POST",
    path: "cart/:id/submit",
    auth: "customer",
    summary: "Completes the order to be paid in cash",
    params: IdParams,
    body: SubmitCartInput,
    response: CartDto,
    codes: [...ORDER_RULES, "SP:BankReceiptRequired"],
  }),
  bankReceipt: endpoint({
    method: "POST",
    path: "cart/:id/bank-receipt",
    auth: "customer",
    summary: "Completes the order by bank transfer: transferor name, one receipt (≤ 5 MB) and the checkout fields",
    params: IdParams,
    multipart: true,
    response: CartDto,
    codes: [
      ...ORDER_RULES,
      "SP:BankReceiptRequired",
      "SP:FileRequired",
      "SP:FileTooLarge",
      "SP:UnsupportedFileType",
      "SP:MalformedMultipart",
    ],
  }),
  bankAccounts: endpoint({
    method: "GET",
    path: "bank-account/bank-account",
    auth: "public",
    summary: "The store's bank accounts for transfers (spec §7)",
    response: z.array(BankAccountDto),
    codes: [],
  }),
};
