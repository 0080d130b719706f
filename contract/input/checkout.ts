import { z } from "zod";
import { CustomerName } from "./customers";
import { multiLine, singleLine } from "@/rules/text";

/**
 * Request bodies of the checkout endpoints, shared by the platform and the storefront's
 * checkout BFF. Shapes only: whether a code is a coupon, or a number a mobile number, is decided by
 * the platform with the spec's codes (SP:CouponNotFound, SP:InvalidMobileNumber).
 */

const printable = singleLine;

export const ApplyCouponInput = z.object({
  /** Spec §7 sends the cart id in the body too: when sent, it must be the path's cart. */
  cartId: printable(64).optional(),
  couponCode: printable(64).min(1),
  /** Item ids, accepted for compatibility: the platform prices the cart's own lines. */
  cartItems: z.array(printable(64)).max(500).optional(),
  /** When sent, must be the signed-in customer. */
  customerId: printable(64).nullish(),
});
export type ApplyCouponInput = z.output<typeof ApplyCouponInput>;

/** A gift card's code as typed (any case, with or without dashes; the platform normalizes it). */
export const ApplyGiftCardInput = z.object({ code: printable(64).min(1) });
export type ApplyGiftCardInput = z.output<typeof ApplyGiftCardInput>;

/** A gift card page's token in a path (random base64url). */
export const GiftCardTokenParams = z.object({ token: printable(64).min(1) });

/** A coupon code in a path (GET coupons/{code}): what ApplyCouponInput accepts as a code. */
export const CouponCodeParams = z.object({ code: printable(64).min(1) });

export const SetUsePackagesInput = z.object({ usePackages: z.boolean() });
export type SetUsePackagesInput = z.output<typeof SetUsePackagesInput>;

export const CheckoutCustomerInput = z.object({
  name: CustomerName,
  mobileNumber: z.string().trim().min(1, "validation.required").max(40, "validation.invalid"),
});

/** Notes as typed, without control characters other than line breaks and tabs; "" means none. */
const BookingNotes = multiLine(1000)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * The ad platforms' click ids a landing may carry, named as in the URL: each platform matches a
 * conversion to its click by its own. `fbc` is Meta's cookie value built from `fbclid`
 * (`fb.1.<ms>.<fbclid>`), kept beside it.
 */
export const CLICK_ID_FIELDS = ["fbclid", "fbc", "gclid", "gbraid", "wbraid", "ttclid", "ScCid", "msclkid"] as const;
export type ClickIdField = (typeof CLICK_ID_FIELDS)[number];

/**
 * Spec §3's UTM record as the storefront kept it from the landing URL, with the landing's click
 * ids; each field ≤ 200 characters, unknown keys dropped.
 */
export const UtmInput = z
  .object({
    source: printable(200).optional(),
    medium: printable(200).optional(),
    campaign: printable(200).optional(),
    term: printable(200).optional(),
    content: printable(200).optional(),
    id: printable(200).optional(),
    timestamp: printable(200).optional(),
    fbclid: printable(200).optional(),
    fbc: printable(200).optional(),
    gclid: printable(200).optional(),
    gbraid: printable(200).optional(),
    wbraid: printable(200).optional(),
    ttclid: printable(200).optional(),
    ScCid: printable(200).optional(),
    msclkid: printable(200).optional(),
  })
  // Empty fields are dropped, and a record with nothing left is no record.
  .transform((v) => {
    const kept = Object.fromEntries(Object.entries(v).filter(([, x]) => x));
    return Object.keys(kept).length > 0 ? (kept as typeof v) : null;
  });
export type UtmInput = z.output<typeof UtmInput>;

/** A cookie-made value kept only in its documented form: anything else is dropped, never a refused order. */
const shaped = (pattern: RegExp) =>
  z
    .string()
    .max(1000)
    .optional()
    .transform((v) => (v !== undefined && pattern.test(v) ? v : undefined));

/** Meta's `_fbp`: `fb.<subdomain index>.<creation ms>.<random>`. */
export const FBP_PATTERN = /^fb\.\d\.\d{10,16}\.\d{1,30}$/;
/** Meta's `_fbc`: `fb.<subdomain index>.<creation ms>.<fbclid>`. */
export const FBC_PATTERN = /^fb\.\d\.\d{10,16}\.[\w-]{1,200}$/;
/** GA4's client id: the last two fields of the `_ga` cookie (`GA1.1.<random>.<seconds>`). */
export const GA_CLIENT_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;

/**
 * What the ad platforms' server-side Purchase needs from the shopper's browser: whether they
 * accepted marketing tracking (nothing else is kept without it), Meta's `_fbp` and `_fbc`, GA4's
 * client id, and the checkout page (http(s), ≤ 500 characters). The platform adds the request's
 * address and user agent.
 */
export const TrackingInput = z.object({
  consent: z.boolean(),
  fbp: shaped(FBP_PATTERN),
  fbc: shaped(FBC_PATTERN),
  gaClientId: shaped(GA_CLIENT_ID_PATTERN),
  pageUrl: shaped(/^https?:\/\/[^\s]{1,492}$/),
});
export type TrackingInput = z.output<typeof TrackingInput>;
/** The tracking object as the browser sends it. */
export type TrackingBody = z.input<typeof TrackingInput>;

/** A total in halalas: a non-negative safe integer. */
export const ExpectedTotal = z.int().min(0);

export const BankReceiptCheckoutInput = z.object({
  customer: CheckoutCustomerInput,
  bookingNotes: BookingNotes,
  termsAccepted: z.boolean().optional(),
  /** The campaign the shopper arrived from, kept on the order. */
  utm: UtmInput.nullish(),
  /** The browser's context for the ad platforms' server events, kept only with the shopper's consent. */
  tracking: TrackingInput.nullish(),
  /**
   * The order's total (halalas) as the shopper confirmed it: when given, a completion priced at
   * anything else is refused (SP:CartTotalChanged), and so is an online payment's start, before
   * any provider is called. The settlement compares the amount paid as well.
   */
  expectedTotal: ExpectedTotal.optional(),
});
export type BankReceiptCheckoutInput = z.output<typeof BankReceiptCheckoutInput>;

/** Methods that complete an order without an online payment: cash here, bank transfer with its receipt. */
export const SUBMIT_PAYMENT_METHODS = ["CASH", "BANK_TRANSFER"] as const;
export type SubmitPaymentMethod = (typeof SUBMIT_PAYMENT_METHODS)[number];

export const SubmitCartInput = BankReceiptCheckoutInput.extend({
  paymentMethod: z.enum(SUBMIT_PAYMENT_METHODS),
});
export type SubmitCartInput = z.output<typeof SubmitCartInput>;

/** The bank-transfer form's transferor name (spec §5: at least 1 character). */
export const TransferorName = printable(100).min(1);

/** Where a coupon is redeemed (header x-sales-channel); the storefront is "website". */
export const SALES_CHANNELS = ["website", "mobile"] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** POST cart/{id}/submit's body as a caller sends it (defaults may be left out). */
export type SubmitCartBody = z.input<typeof SubmitCartInput>;
