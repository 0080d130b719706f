import { z } from "zod";
import { CartDto } from "../dto/cart";
import { CartItemParams, IdParams, SharedOrderParams } from "../input/ids";
import { RescheduleInput } from "../input/cart";
import {
  OrderInvoicesDto,
  OrderLinkDto,
  OrderSummaryDto,
  ReceiptReplacedDto,
  ReservationsDto,
  SubscriptionDto,
} from "../dto/account";
import { endpoint, RAW_RESPONSE } from "../endpoint";
import { GiftCardDto } from "../dto/gift-cards";

/**
 * `?for=file`: the caller draws the documents as a file (the storefront's PDF), which is counted
 * against a limit per customer (per order through its link); the page's reads are not.
 */
const InvoicesQuery = z.object({ for: z.literal("file").optional() });

/** What the signed-in customer has bought: orders, bookings and subscriptions (the profile's tabs). */
export const account = {
  giftCards: endpoint({
    method: "GET",
    path: "customer/gift-cards",
    auth: "customer",
    summary: "The gift cards received on the customer's mobile number, newest first, each with its history",
    response: z.array(GiftCardDto),
    codes: [],
  }),
  orders: endpoint({
    method: "GET",
    path: "customer/orders",
    auth: "customer",
    summary: "The customer's orders of every kind, newest first (the latest 50)",
    response: z.array(OrderSummaryDto),
    codes: [],
  }),
  orderLink: endpoint({
    method: "GET",
    path: "orders/:id/link",
    auth: "customer",
    summary: "The link key of one of the customer's placed orders, to open it without signing in",
    params: IdParams,
    response: OrderLinkDto,
    codes: ["SP:EntityNotFound"],
  }),
  sharedOrder: endpoint({
    method: "GET",
    path: "orders/:id/shared/:key",
    auth: "public",
    summary: "A placed order opened through its link; a key that does not match is a 404",
    params: SharedOrderParams,
    response: CartDto,
    codes: ["SP:EntityNotFound"],
  }),
  orderInvoices: endpoint({
    method: "GET",
    path: "orders/:id/invoice",
    auth: "customer",
    summary: "The tax invoice and credit notes of one of the customer's placed orders",
    params: IdParams,
    query: InvoicesQuery,
    response: OrderInvoicesDto,
    codes: ["SP:EntityNotFound", "SP:TooManyRequests"],
  }),
  sharedOrderInvoices: endpoint({
    method: "GET",
    path: "orders/:id/shared/:key/invoice",
    auth: "public",
    summary: "The tax invoice and credit notes of a placed order opened through its link",
    params: SharedOrderParams,
    query: InvoicesQuery,
    response: OrderInvoicesDto,
    codes: ["SP:EntityNotFound", "SP:TooManyRequests"],
  }),
  replaceBankReceipt: endpoint({
    method: "POST",
    path: "orders/:id/bank-receipt",
    auth: "customer",
    summary:
      "Replaces the receipt of the customer's bank-transfer order while it awaits review: one image or PDF (≤ 5 MB) as `files`, optional `transferorName`",
    params: IdParams,
    multipart: true,
    response: ReceiptReplacedDto,
    codes: [
      "SP:EntityNotFound",
      "SP:ReceiptNotReplaceable",
      "SP:FileRequired",
      "SP:FileTooLarge",
      "SP:UnsupportedFileType",
      "SP:MalformedMultipart",
      "SP:TooManyRequests",
    ],
  }),
  reschedule: endpoint({
    method: "POST",
    path: "orders/:id/items/:itemId/reschedule",
    auth: "customer",
    summary:
      "Moves a booking of the customer's placed order to another time the product allows, within the store's window (same seats and length, same price)",
    params: CartItemParams,
    body: RescheduleInput,
    response: CartDto,
    codes: [
      "SP:EntityNotFound",
      "SP:RescheduleNotOffered",
      "SP:RescheduleWindowPassed",
      "SP:SlotIsNotAvailable",
      "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
      "SP:NextReservationPeriodNotMet",
    ],
  }),
  cancelBooking: endpoint({
    method: "POST",
    path: "orders/:id/items/:itemId/cancel",
    auth: "customer",
    summary:
      "Cancels a booking of the customer's placed order within the store's window: its seats freed, a package's sessions given back, its share of an online payment refunded (with a credit note); cancelling it again answers the order as it is",
    params: CartItemParams,
    response: CartDto,
    codes: ["SP:EntityNotFound", "SP:CancellationNotOffered", "SP:CancellationWindowPassed", "SP:RefundRefused"],
  }),
  walletPass: endpoint({
    method: "GET",
    path: "orders/:id/items/:itemId/wallet-pass",
    auth: "customer",
    summary:
      "A paid booking or subscription of the customer's placed order as an Apple Wallet pass (.pkpass), where the store offers them",
    params: CartItemParams,
    response: RAW_RESPONSE,
    codes: ["SP:EntityNotFound"],
  }),
  reservations: endpoint({
    method: "GET",
    path: "customer/reservations",
    auth: "customer",
    summary: "The customer's bookings, upcoming and past",
    response: ReservationsDto,
    codes: [],
  }),
  subscriptions: endpoint({
    method: "GET",
    path: "customer/subscriptions",
    auth: "customer",
    summary: "The customer's subscriptions and packages",
    response: z.array(SubscriptionDto),
    codes: [],
  }),
};
