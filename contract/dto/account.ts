import { z } from "zod";
import { OrderMoneyDto, PaymentStatus } from "./cart";
import { PaymentMethod, ProductTypeString } from "./shared";

/** One booking of the customer (GET customer/reservations). */
export const ReservationDto = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** First product image, null when it has none (the UI falls back to the kind's icon). */
  productImage: z.string().nullable(),
  /** ISO instants. Full-day bookings: startsAt is the first day's midnight (Riyadh) and endsAt the exclusive checkout day — show endsAt − 1 day. */
  startsAt: z.string(),
  endsAt: z.string(),
  isFullDayBooking: z.boolean(),
  seats: z.number(),
});
export type ReservationDto = z.infer<typeof ReservationDto>;

/** upcoming: not yet ended, soonest first; past: ended, most recent first. */
export const ReservationsDto = z.object({ upcoming: z.array(ReservationDto), past: z.array(ReservationDto) });
export type ReservationsDto = z.infer<typeof ReservationsDto>;

/**
 * GET customer/subscriptions. status: "active" | "upcoming" (starts later) | "expired" (ended) |
 * "cancelled". Package counts only for subscriptions whose product is a package.
 */
export const SubscriptionDto = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productImage: z.string().nullable(),
  /** YYYY-MM-DD Riyadh days, both inclusive. */
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(["active", "upcoming", "expired", "cancelled"]),
  packageSessionsLeft: z.number().optional(),
  packageSessionsTotal: z.number().optional(),
});
export type SubscriptionDto = z.infer<typeof SubscriptionDto>;

/**
 * One of the customer's orders (GET customer/orders), newest first: every kind, as the order page
 * will show it. Amounts are SAR with two decimals, as the cart's.
 */
export const OrderSummaryDto = z.object({
  id: z.string(),
  orderNumber: z.string().nullable(),
  /** ISO instant. */
  completedAt: z.string(),
  paymentMethod: PaymentMethod.nullable(),
  paymentStatus: PaymentStatus,
  totalAmount: z.number(),
  amountToBePaid: z.number(),
  /** A package paid for (some of) it: a zero total is the package's, not "nothing due". */
  hasPackageDiscounts: z.boolean(),
  money: OrderMoneyDto,
  items: z.array(
    z.object({ name: z.string(), typeString: ProductTypeString, image: z.string().nullable(), quantity: z.number() }),
  ),
});
export type OrderSummaryDto = z.infer<typeof OrderSummaryDto>;

/** An order's link key (GET orders/{id}/link): /orders/{id}?key={key} opens it without signing in. */
export const OrderLinkDto = z.object({ key: z.string() });
export type OrderLinkDto = z.infer<typeof OrderLinkDto>;

/**
 * A Saudi simplified tax invoice or a credit note (GET orders/{id}/invoice), as issued: amounts SAR
 * with two decimals; names in both languages (the invoice is Arabic, with English beside it for
 * English readers). `qr` is ZATCA's phase-1 payload (base64 TLV) the QR code encodes.
 */
export const InvoiceDocumentDto = z.object({
  kind: z.enum(["invoice", "credit_note"]),
  /** The tenant's document number, e.g. "INV-000042" / "CRN-000043". */
  number: z.string(),
  /** ISO instant. */
  issuedAt: z.string(),
  orderNumber: z.string().nullable(),
  seller: z.object({
    name: z.string(),
    vatNumber: z.string(),
    crNumber: z.string().nullable(),
    addressAr: z.string().nullable(),
    addressEn: z.string().nullable(),
  }),
  buyerName: z.string().nullable(),
  /** Where the order's merchandise goes ("Deliver to" the address line) or is collected ("Pickup at" the branch), per language. */
  fulfilment: z.object({ kind: z.enum(["delivery", "pickup"]), ar: z.string(), en: z.string() }).nullable(),
  vatRate: z.number(),
  lines: z.array(
    z.object({
      nameAr: z.string(),
      nameEn: z.string(),
      optionAr: z.string().nullable(),
      optionEn: z.string().nullable(),
      quantity: z.number(),
      unitPrice: z.number(),
      discount: z.number(),
      vatAmount: z.number(),
      total: z.number(),
    }),
  ),
  subTotal: z.number(),
  discountAmount: z.number(),
  vatAmount: z.number(),
  totalAmount: z.number(),
  paidAmount: z.number(),
  /** A credit note's invoice number and why it was issued. */
  invoiceNumber: z.string().nullable(),
  reason: z.string().nullable(),
  qr: z.string(),
});
export type InvoiceDocumentDto = z.infer<typeof InvoiceDocumentDto>;

/** An order's tax documents: its invoice (null for a store without a VAT number, or before payment) and credit notes. */
export const OrderInvoicesDto = z.object({
  invoice: InvoiceDocumentDto.nullable(),
  creditNotes: z.array(InvoiceDocumentDto),
});
export type OrderInvoicesDto = z.infer<typeof OrderInvoicesDto>;

/** A bank-transfer receipt replaced (POST orders/{id}/bank-receipt): when, and what was received. */
export const ReceiptReplacedDto = z.object({ replacedAt: z.string(), contentType: z.string(), size: z.number() });
export type ReceiptReplacedDto = z.infer<typeof ReceiptReplacedDto>;
