import { z } from "zod";
import { platformApi } from "../api";
import { RAW_RESPONSE } from "../endpoint";
import { RescheduleInput } from "../input/cart";
import { EntityId } from "../input/ids";
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { ordersRoutes } from "./routes/orders";

const { account, cart } = platformApi;
const OrderParams = z.object({ cartId: z.string() });
const BookingParams = z.object({ cartId: z.string(), itemId: z.string() });

/**
 * Seen as the order page sees the order: its customer, or whoever holds the order's link
 * (`?key=`, the link's key). A key that does not match, another customer's order: not found.
 */
const LinkQuery = z.object({ key: z.string().optional() });

/** A placed order's files (links the browser opens) and changes. */
export const orders = storeGroup(ordersRoutes, {
  invoice: {
    summary:
      "The order's tax invoice and credit notes as a PDF file (A4, Arabic and English); no invoice (not paid online, a store without a VAT number): not found",
    session: "optional",
    params: OrderParams,
    query: LinkQuery,
    response: RAW_RESPONSE,
    codes: codesOf(account.orderInvoices, account.sharedOrderInvoices),
  },
  calendar: {
    summary:
      "The bookings of a placed order as an .ics file for the shopper's calendar, in the page's language; an order without bookings, or not placed, is not found",
    session: "optional",
    params: OrderParams,
    query: LinkQuery,
    response: RAW_RESPONSE,
    codes: codesOf(cart.get, account.sharedOrder),
  },
  walletPass: {
    summary:
      "“Add to Apple Wallet”: the signed-in customer's paid booking or subscription as a .pkpass, signed by the platform with the store's certificate",
    session: "required",
    params: z.object({ cartId: EntityId, itemId: EntityId }),
    response: RAW_RESPONSE,
    codes: codesOf(account.walletPass),
  },
  cancelBooking: {
    summary:
      "Cancels a booking of the shopper's placed order (the platform checks the store's window and gives back its share of the payment)",
    session: "required",
    idempotencyKey: "forward",
    params: BookingParams,
    response: account.cancelBooking.response,
    codes: codesOf(account.cancelBooking),
  },
  reschedule: {
    summary:
      "Moves a booking of the shopper's placed order to another time (the platform checks the store's window and the seats)",
    session: "required",
    idempotencyKey: "forward",
    params: BookingParams,
    body: RescheduleInput,
    limit: JSON_BODY_LIMIT,
    response: account.reschedule.response,
    codes: codesOf(account.reschedule),
  },
  replaceReceipt: {
    summary:
      "Replaces the receipt of the shopper's bank-transfer order while the store has not reviewed it (multipart `files`, optional `transferorName`)",
    session: "required",
    idempotencyKey: "forward",
    params: OrderParams,
    multipart: true,
    limit: UPLOAD_BODY_LIMIT,
    response: account.replaceBankReceipt.response,
    codes: codesOf(account.replaceBankReceipt, "SP:FileTooLarge", "SP:MalformedMultipart"),
  },
});
