import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { and, eq, inArray, is, TransactionRollbackError } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  cartItems,
  carts,
  tenants,
  uploads,
  type OnlineMethod,
  type OrderTracking,
  type UtmRecord,
} from "../db/schema";
import { PlatformError } from "../errors";
import type { Locale, SettingsMap } from "@/contract/tenant-settings";
import type { SalesChannel } from "@/contract/input/checkout";
import type { OrderPaymentMethod } from "../payments/provider";
import { loadCartLines, priceCart, pricingOf } from "./cart-pricing";
import { checkCoupon, redeemCoupon } from "./coupon-rules";
import { amountDue, checkCartMinimum, checkPaymentMethod, fulfilLine, lockProducts } from "./checkout-rules";
import { remainderOf, type CartTotals } from "./cart-totals";
import { checkGiftCardUsable, giftCardNotFound, issueGiftCards, lockGiftCard, spendGiftCard } from "./gift-cards";
import { lockOwnActiveCart, type OwnerScope } from "./own-cart";
import { lockPackages, spendSessions } from "./packages";
import { lockStaff } from "./specialists";
import type { SniffedType } from "./uploads";
import { issueInvoice } from "../invoices/invoices";
import { enqueueOrderMessage } from "../notify/order-messages";
import { scheduleReminders } from "../notify/reminders";
import { enqueueConversions } from "../notify/conversions";
import { checkFulfilment } from "./fulfilment";

/** What the shopper gave at checkout (name trimmed, mobile already normalised to E.164). */
export type OrderDetails = {
  customerName: string;
  customerMobile: string;
  bookingNotes: string | null;
  utm?: UtmRecord | null;
  /** The ad platforms' context (docs/behaviour.md): present only when the shopper consented. */
  tracking?: OrderTracking | null;
};

export type Receipt = { transferorName: string; bytes: Uint8Array; type: SniffedType };

/**
 * Money a provider has confirmed: `amount` halalas paid by `orderMethod`, recorded on
 * the order. Only the settlement (payments-settle.ts) makes one.
 */
export type OnlinePayment = {
  method: "ONLINE";
  orderMethod: OrderPaymentMethod;
  details: OrderDetails;
  amount: number;
};

/** How the order is paid; none for a dry run (GET cart/{id}/validate). */
export type Payment =
  | { method: "CASH"; details: OrderDetails }
  | { method: "BANK_TRANSFER"; details: OrderDetails; receipt: Receipt }
  | OnlinePayment;

/** What the completion priced the cart at (halalas) and the tenant's settings it ran under. */
export type CompletionQuote = { totals: CartTotals; settings: SettingsMap };

/** How the order's method was offered: mada and Visa through the card form, the others as themselves. */
const onlineMethod = (method: OrderPaymentMethod): OnlineMethod =>
  method === "MADA" || method === "VISA" ? "CARD" : method;

function paymentStatus(payment: Payment, totals: CartTotals): string {
  if (paidByCard(payment, totals)) return "paid";
  if (payment.method === "CASH") return "pay_on_site";
  if (payment.method === "BANK_TRANSFER") return "pending_review";
  return payment.amount < remainderOf(totals) ? "deposit_paid" : "paid";
}

/** A gift card paid the whole order: nothing is left for another method (the checkout sends it as cash). */
const paidByCard = (payment: Payment, totals: CartTotals) =>
  payment.method === "CASH" && totals.giftCardAmount > 0 && remainderOf(totals) === 0;

/** A cart holding a gift line takes no gift card: a card does not buy another. */
export function checkNoGiftForGift(rows: { product: { typeString: string } }[]): void {
  if (rows.some((r) => r.product.typeString === "gift"))
    throw new PlatformError("SP:GiftCardForGiftCard", 400, "A gift card cannot pay for a gift card");
}

/**
 * An online payment completes the order only for exactly what the order costs now: a cart
 * changed (or repriced) after the shopper paid is refused, never completed for the old amount.
 */
function checkPaidAmount(payment: OnlinePayment, totals: CartTotals): void {
  const due = amountDue(onlineMethod(payment.orderMethod), totals);
  if (due !== payment.amount)
    throw new PlatformError("SP:PaymentAmountMismatch", 400, "The amount paid is not what the order costs", {
      paid: payment.amount,
      due,
    });
}

/**
 * A completion for a total the shopper did not confirm (a package's sessions or an offer gone
 * since the cart was shown) is refused, never completed for the new amount.
 */
function checkExpectedTotal(expected: number | undefined, totals: CartTotals): void {
  // What the shopper confirmed is what is left to pay after their gift card.
  if (expected !== undefined && expected !== remainderOf(totals))
    throw new PlatformError("SP:CartTotalChanged", 409, "The cart's total changed; review it before ordering", {
      expected,
      total: remainderOf(totals),
    });
}

/**
 * Completes the caller's cart inside the caller's transaction — every check and every write, so
 * that any refusal rolls all of it back and leaves the cart active and unpaid. Locks, always in
 * this order: the cart row, the products (id order), the customer's package rows (id order, when
 * a line could be paid by one), then the coupon row through its conditional update. The cart is
 * priced only once all of them but the coupon's are held, so that concurrent orders of one
 * customer price one after another, each seeing the sessions the ones before it spent: a price
 * differs from what the shopper confirmed (`expectedTotal`, halalas) only visibly — refused with
 * SP:CartTotalChanged — and never by the timing of the race. With `payment` null nothing is meant
 * to be kept: the caller rolls back.
 */
export async function completeOrder(
  tx: Tx,
  scope: OwnerScope,
  cartId: string,
  opts: { payment: Payment | null; channel: SalesChannel; locale: Locale; now: Date; expectedTotal?: number },
): Promise<CompletionQuote> {
  const { tenantId, customerId } = scope;
  const { now, payment } = opts;
  const cart = await lockOwnActiveCart(tx, scope, cartId);
  const rows = await loadCartLines(tx, tenantId, cart.id);
  if (rows.length === 0) throw new PlatformError("SP:CartIsEmpty", 400, "The cart is empty");
  const [{ settings, tenantName }] = await tx
    .select({ settings: tenants.settings, tenantName: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const { taxRate, packagesOn, unpaidPackagesUsable, delivery } = pricingOf(settings);
  const locked = await lockProducts(
    tx,
    tenantId,
    rows.map((r) => r.item.productId),
  );
  await lockStaff(
    tx,
    tenantId,
    rows.filter((r) => r.product.typeString === "reservation").map((r) => r.item.productId),
  );
  if (rows.some((r) => r.product.typeString === "reservation")) await lockPackages(tx, scope);
  // The card's row is held from before pricing to the commit: orders spending one card complete
  // one after another, each priced from the balance the ones before it left.
  if (cart.giftCardId) {
    checkNoGiftForGift(rows);
    const card = await lockGiftCard(tx, tenantId, cart.giftCardId);
    if (!card) throw giftCardNotFound();
    checkGiftCardUsable(card, now);
  }
  const pricing = await priceCart(tx, {
    tenantId,
    cart,
    rows,
    taxRate,
    packagesOn,
    unpaidPackagesUsable,
    delivery,
    locale: opts.locale,
    now,
  });
  checkExpectedTotal(opts.expectedTotal, pricing.totals);
  // An online method was checked when its payment was created; the money it took is not refused
  // because the store switched the method off meanwhile — only for a different amount.
  if (payment?.method === "ONLINE") checkPaidAmount(payment, pricing.totals);
  else if (payment)
    checkPaymentMethod(settings, payment.method, { ...pricing.totals, totalAmount: remainderOf(pricing.totals) });
  // The store's minimum is on the goods: a delivery fee does not lift an order over it.
  const { totals } = pricing;
  checkCartMinimum(settings, totals.totalAmount - totals.feesTotal, pricing.coverage.uses.size > 0);
  await checkFulfilment(tx, tenantId, cart, rows, settings, totals.fees[0]?.amount ?? null);

  const ctx = { tenantId, customerId, now };
  for (const r of rows) await fulfilLine(tx, ctx, locked.get(r.item.productId), r.item);

  if (pricing.coupon) {
    await checkCoupon(tx, pricing.coupon, {
      customerId,
      channel: opts.channel,
      now,
      lines: pricing.couponLines,
      cartAmount: pricing.cartAmount,
    });
    await redeemCoupon(tx, pricing.coupon, cart.id, customerId);
  }
  if (cart.giftCardId)
    await spendGiftCard(tx, {
      tenantId,
      giftCardId: cart.giftCardId,
      cartId: cart.id,
      amount: pricing.totals.giftCardAmount,
    });
  await spendSessions(tx, scope, pricing.coverage.uses, now);
  for (const pkg of new Set(pricing.coverage.byItem.values())) {
    const items = [...pricing.coverage.byItem].filter(([, p]) => p === pkg).map(([item]) => item);
    await tx
      .update(cartItems)
      .set({ customerPackageId: pkg })
      .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.cartId, cart.id), inArray(cartItems.id, items)));
  }
  const quote = { totals: pricing.totals, settings };
  if (!payment) return quote;

  const receiptUploadId = payment.method === "BANK_TRANSFER" ? await storeReceipt(tx, scope, payment.receipt) : null;
  await tx
    .update(carts)
    .set({
      status: "completed",
      paymentMethod: payment.method === "ONLINE" ? payment.orderMethod : payment.method,
      paymentStatus: paymentStatus(payment, pricing.totals),
      customerName: payment.details.customerName,
      customerMobile: payment.details.customerMobile,
      bookingNotes: payment.details.bookingNotes,
      utm: payment.details.utm ?? null,
      tracking: payment.details.tracking ?? null,
      transferorName: payment.method === "BANK_TRANSFER" ? payment.receipt.transferorName : null,
      receiptUploadId,
      locale: opts.locale,
      giftCardAmount: pricing.totals.giftCardAmount,
      completedAt: now,
      updatedAt: now,
    })
    .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cart.id)));
  await giveOrderNumber(tx, tenantId, cart.id);
  // The confirmation goes with the order (a transfer's says its receipt is being checked); an
  // order is completed once, so its cart names the intent.
  if (payment.method === "BANK_TRANSFER")
    await enqueueOrderMessage(tx, tenantId, "transfer_received", cart.id, { orderId: cart.id });
  else await enqueueOrderMessage(tx, tenantId, "order_placed", cart.id, { orderId: cart.id });
  // The ad platforms hear of the purchase at the same moment, once per order and platform.
  if (payment.details.tracking) await enqueueConversions(tx, tenantId, cart.id);
  await scheduleReminders(tx, { tenantId, orderId: cart.id, now });
  // Money taken now is invoiced now (ZATCA: the simplified invoice at the supply or the payment);
  // cash and a transfer under review are invoiced when the store records the money. A gift card
  // that paid everything is money taken now; paid gift lines issue their cards with the payment.
  if (payment.method === "ONLINE" || paidByCard(payment, pricing.totals)) {
    await issueInvoice(tx, {
      tenantId,
      tenantName,
      cartId: cart.id,
      settings,
      buyerName: payment.details.customerName,
      rows,
      totals: pricing.totals,
      taxRate,
      paid: (payment.method === "ONLINE" ? payment.amount : 0) + pricing.totals.giftCardAmount,
      now,
    });
    await issueGiftCards(tx, { tenantId, cartId: cart.id, settings, buyerMobile: payment.details.customerMobile, now });
  }
  return quote;
}

/**
 * The completion itself — every check, lock and conditional update — rolled back: what a
 * completion would refuse now (the first failing rule's code), payment method aside, or the
 * price it would complete at. With `expectedTotal`, another price is refused as a completion
 * refuses it (SP:CartTotalChanged).
 */
export async function quoteOrder(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  opts: { channel: SalesChannel; locale: Locale; now: Date; expectedTotal?: number },
): Promise<CompletionQuote> {
  let quote: CompletionQuote | undefined;
  try {
    await db.transaction(async (tx) => {
      quote = await completeOrder(tx, scope, cartId, { ...opts, payment: null });
      tx.rollback();
    });
  } catch (err) {
    // drizzle's is(): Next's dev bundles can hold two copies of drizzle-orm, where instanceof fails.
    if (is(err, TransactionRollbackError) && quote) return quote;
    throw err;
  }
  throw new Error("quoteOrder: the dry run was not rolled back");
}

/** The receipt is kept like any upload (bytes in the database, server-made name), for staff to review. */
/** Stores a bank-transfer receipt as the customer's upload (checkout, and its replacement later); answers its id. */
export async function storeReceipt(
  tx: Tx,
  scope: OwnerScope,
  receipt: Pick<Receipt, "bytes" | "type">,
): Promise<string> {
  const [row] = await tx
    .insert(uploads)
    .values({
      tenantId: scope.tenantId,
      customerId: scope.customerId,
      purpose: "bank-receipt",
      contentType: receipt.type.contentType,
      size: receipt.bytes.length,
      storedName: `${randomUUID()}.${receipt.type.ext}`,
      data: Buffer.from(receipt.bytes),
    })
    .returning({ id: uploads.id });
  return row.id;
}

/** No 0/O or 1/I: order numbers are read out over the phone. */
const ORDER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const ORDER_NUMBER_LENGTH = 6;

export function newOrderNumber(): string {
  return Array.from({ length: ORDER_NUMBER_LENGTH }, () => ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)]).join("");
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/**
 * A random 6-character number, unique per tenant (unique index). A collision (1 in ~10⁹ per
 * existing order) is retried inside a savepoint, so the order's transaction survives it.
 */
async function giveOrderNumber(tx: Tx, tenantId: string, cartId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await tx.transaction(async (sp) => {
        await sp
          .update(carts)
          .set({ orderNumber: newOrderNumber() })
          .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId)));
      });
      return;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}
