import { z } from "zod";
import { PaymentMethod, ProductTypeString } from "./shared";

export const GiftDetailsDto = z.object({
  toName: z.string(),
  fromName: z.string().nullish(),
  showBuyerInfo: z.boolean(),
  theme: z.string(),
  /** The recipient's mobile (E.164; none: the card goes to the buyer) and when it is sent (none: at the payment). */
  toMobile: z.string().nullish(),
  sendAt: z.string().nullish(),
});
export type GiftDetailsDto = z.infer<typeof GiftDetailsDto>;

/** A gift line in a cart also carries its theme's localized name and colour. */
export const CartGiftDetailsDto = GiftDetailsDto.extend({ themeName: z.string(), themeColor: z.string().nullable() });
export type CartGiftDetailsDto = z.infer<typeof CartGiftDetailsDto>;

export const CartItemDto = z.object({
  id: z.string(),
  type: z.number(),
  /** Line amount before tax: unit price × quantity × effective units. */
  amount: z.number(),
  taxAmount: z.number(),
  /** The line at its price with VAT, before discounts: what the product page showed for it. */
  amountWithTax: z.number(),
  quantity: z.number(),
  /** quantity × units (hours or nights). */
  effectiveQuantity: z.number(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    typeString: ProductTypeString,
    images: z.array(z.string()),
    hasPackage: z.boolean(),
    isFullDayBooking: z.boolean(),
    isVariableDuration: z.boolean(),
  }),
  price: z.object({ id: z.string(), name: z.string(), amount: z.number() }),
  giftDetails: CartGiftDetailsDto.nullable(),
  reservationDateFrom: z.string().nullable(),
  /** Exclusive end; full-day bookings display it minus one day. */
  reservationDateTo: z.string().nullable(),
  subscriptionStartDate: z.string().nullable(),
  /** Paid for by one of the owner's packages (see CartDto.packages); its amount counts in discountAmount. */
  packageCovered: z.boolean(),
  /**
   * The most this line may hold now (stock left, or free seats at its time after other bookings);
   * below `quantity` the line can't be ordered as it is (0: sold out, or the time is taken). Null
   * when nothing limits it, and once the order is placed.
   */
  available: z.number().int().nonnegative().nullable(),
  /** ISO instant the customer cancelled this booking of their placed order; null otherwise. */
  cancelledAt: z.string().nullable(),
  /** SAR given back for this line when it was cancelled (its share of what was paid online). */
  refundedAmount: z.number(),
  /** Who serves this booking: the chosen specialist, or after the order the one assigned (null: any, or none). */
  specialist: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A booking specialists serve, made with "any specialist" (specialist null until the order assigns one). */
  anySpecialist: z.boolean(),
  /**
   * Where: the chosen branch, or after the order the booking's (null: any, or the store has none),
   * with its address in the reader's language and its map point, for the calendar event.
   */
  branch: z
    .object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
});
export type CartItemDto = z.infer<typeof CartItemDto>;

/**
 * unpaid until an order completes; cash ⇒ pay_on_site, bank transfer ⇒ pending_review, online ⇒
 * paid, or deposit_paid when the online payment was the deposit (amountToBePaid < totalAmount);
 * cancelled once the customer cancelled every line (refunded when money paid online went back).
 */
export const PAYMENT_STATUSES = [
  "unpaid",
  "pay_on_site",
  "pending_review",
  "paid",
  "deposit_paid",
  "cancelled",
  "refunded",
] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * How an order stands with its money (the keys the screens name it by): nothingDue when nothing was
 * ever to pay (a package paid for it); partlyRefunded when what is left is paid and money went back
 * for cancelled lines; depositPaid when part is paid and the rest is still to pay.
 */
export const MONEY_STATUSES = [
  "paid",
  "depositPaid",
  "payOnSite",
  "pendingReview",
  "unpaid",
  "nothingDue",
  "cancelled",
  "refunded",
  "partlyRefunded",
] as const;
export const MoneyStatus = z.enum(MONEY_STATUSES);
export type MoneyStatus = z.infer<typeof MoneyStatus>;

/**
 * When what is still to pay is due: arrival (a stay's first day), appointment (a timed booking's),
 * delivery (merchandise), visit (at the store: a subscription, a gift).
 */
export const DUE_MOMENTS = ["arrival", "appointment", "delivery", "visit"] as const;
export const DueMoment = z.enum(DUE_MOMENTS);
export type DueMoment = z.infer<typeof DueMoment>;

/**
 * The order's money as the platform counts it, line by line (SAR): what every screen and message
 * says about paid, refunded and still to pay, read as it is and never added up again. For a cart
 * not yet ordered, nothing is paid and everything remains.
 */
export const OrderMoneyDto = z.object({
  status: MoneyStatus,
  /** What the lines not cancelled cost (a cancelled line costs nothing). */
  total: z.number(),
  /** What the cancelled lines cost, taken off the order's placed total. */
  cancelled: z.number(),
  /** The deposit of the lines not cancelled (0: none asked), and what they cost beyond it. */
  deposit: z.number(),
  afterDeposit: z.number(),
  /** Money received (online, or recorded by the store), and what of it went back. */
  paid: z.number(),
  refunded: z.number(),
  /** Still to pay, and when: null when nothing remains or a transfer is being reviewed. */
  remaining: z.number(),
  due: DueMoment.nullable(),
  /** YYYY-MM-DD Riyadh day it is due (the first booking's); null for delivery, a visit, or nothing due. */
  dueOn: z.string().nullable(),
});
export type OrderMoneyDto = z.infer<typeof OrderMoneyDto>;

/**
 * One of the signed-in owner's prepaid packages that covers items of the cart (listed even while
 * usePackages is off, so the toggle can be shown). Sessions are only spent when the order completes.
 */
export const CartPackageDto = z.object({
  id: z.string(),
  productName: z.string(),
  /** Sessions left now (for a completed order: after it). */
  remainingSessions: z.number(),
  totalSessions: z.number(),
  /** Sessions this cart uses: one per seat and unit (quantity × units) of each covered item. */
  sessionsToUse: z.number(),
  /** Cart item ids this package pays for (each line is covered whole or not at all). */
  coversItemIds: z.array(z.string()),
});
export type CartPackageDto = z.infer<typeof CartPackageDto>;

/**
 * The cart's delivery or pickup as chosen (a copy: later changes to the saved location or the
 * branch do not reach it), in the reader's language.
 */
export const FulfilmentDto = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("delivery"),
    latitude: z.number(),
    longitude: z.number(),
    addressLine: z.string(),
    driverNote: z.string().nullable(),
    locationId: z.string().nullable(),
    /** The saved location's type (home, work…) and description, when it came from one. */
    locationType: z.string().nullable(),
    locationDescription: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("pickup"),
    branchId: z.string(),
    branchName: z.string(),
    branchAddress: z.string(),
  }),
]);
export type FulfilmentDto = z.infer<typeof FulfilmentDto>;

/** A branch where merchandise may be collected; `distanceKm` from the shopper, when their position is known. */
export const PickupBranchDto = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  distanceKm: z.number().nullable(),
});
export type PickupBranchDto = z.infer<typeof PickupBranchDto>;

/**
 * Checkout fields of a cart. `paymentMethod` is one of spec §3's enum once the order is submitted;
 * `completedAt` an ISO instant; `packages` is empty for guests.
 */
export const CartCheckoutFields = z.object({
  paymentMethod: PaymentMethod.nullable(),
  paymentStatus: PaymentStatus,
  /** Short order number (e.g. "K7P2QX"), given when the order completes. */
  orderNumber: z.string().nullable(),
  bookingNotes: z.string().nullable(),
  customerName: z.string().nullable(),
  customerMobile: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Whether the customer's packages pay for the items they cover (PUT cart/{id}/packages). */
  usePackages: z.boolean(),
  packages: z.array(CartPackageDto),
  /** Delivery or pickup of the merchandise (PUT cart/{id}/fulfilment); null until chosen, and for carts without any. */
  fulfilment: FulfilmentDto.nullable(),
});
export type CartCheckoutFields = z.infer<typeof CartCheckoutFields>;

/**
 * The campaign an order came from, as the storefront sent it with the order (spec §3 UTM record):
 * `source`…`id` are the landing's `utm_*`, `timestamp` its time (ISO), and the click ids are named
 * as in the landing's URL (`fbc` is Meta's `fb.1.<ms>.<fbclid>`). Only the fields the landing had.
 */
export const UtmDto = z.object({
  source: z.string().optional(),
  medium: z.string().optional(),
  campaign: z.string().optional(),
  term: z.string().optional(),
  content: z.string().optional(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  fbclid: z.string().optional(),
  fbc: z.string().optional(),
  gclid: z.string().optional(),
  gbraid: z.string().optional(),
  wbraid: z.string().optional(),
  ttclid: z.string().optional(),
  ScCid: z.string().optional(),
  msclkid: z.string().optional(),
});
export type UtmDto = z.infer<typeof UtmDto>;

/** The cart (spec §3) with totals the platform computed; amounts are SAR with two decimals. */
export const CartDto = CartCheckoutFields.extend({
  id: z.string(),
  customerId: z.string().nullable(),
  cartItems: z.array(CartItemDto),
  items: z.array(CartItemDto),
  couponId: z.string().nullable(),
  couponCode: z.string().nullable(),
  subTotal: z.number(),
  discountAmount: z.number(),
  taxAmount: z.number(),
  fees: z.array(z.object({ name: z.string(), amount: z.number() })),
  totalAmount: z.number(),
  depositAmount: z.number(),
  amountToBePaid: z.number(),
  /**
   * The gift card paying part of the order (a means of payment, not a discount): its code in
   * groups, what it pays of `totalAmount` (SAR) and its balance now. What other methods pay is
   * `totalAmount − giftCard.amount` (`amountToBePaid` already counts it).
   */
  giftCard: z.object({ code: z.string(), amount: z.number(), balance: z.number() }).nullable(),
  hasPackageDiscounts: z.boolean(),
  money: OrderMoneyDto,
  status: z.string(),
  currency: z.literal("SAR"),
  /** The campaign the order came from, kept when it was placed; null before, and for an order from no campaign. */
  utm: UtmDto.nullable(),
});
export type CartDto = z.infer<typeof CartDto>;
