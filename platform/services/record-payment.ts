import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { issueInvoice } from "../invoices/invoices";
import { toSar } from "../money";
import { enqueueOrderMessage } from "../notify/order-messages";
import { loadCartLines, priceCart, pricingOf } from "./cart-pricing";
import { issueGiftCards } from "./gift-cards";
import { tenantBySlug } from "./tenant-admin";

export type RecordedPayment = { orderNumber: string; alreadyPaid: boolean; total: number; invoiced: boolean };

/** A store's placed order by its number, locked for the operator's change (404 when there is none). */
async function lockPlacedOrder(tx: Tx, slug: string, number: string) {
  const tenant = await tenantBySlug(tx, slug);
  const [cart] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.tenantId, tenant.id), eq(carts.orderNumber, number), eq(carts.status, "completed")))
    .for("update");
  if (!cart) throw notFound("Order");
  return { tenant, cart };
}

/**
 * The store records that a cash or bank-transfer order was paid in full (the cash taken at the
 * visit, the transfer found in the account): the order reads paid and, for a store with a VAT
 * number, its simplified tax invoice is issued in the same transaction — the number taken then,
 * as for an online payment. Lines the customer cancelled are not billed. Recorded twice, it is
 * paid once: the second answers `alreadyPaid` and issues nothing. An order paid online, cancelled,
 * or not placed is refused.
 */
export async function recordOfflinePayment(
  db: Db,
  slug: string,
  orderNumber: string,
  now = new Date(),
): Promise<RecordedPayment> {
  const number = orderNumber.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const { tenant, cart } = await lockPlacedOrder(tx, slug, number);
    const rows = (await loadCartLines(tx, tenant.id, cart.id)).filter((r) => !r.item.cancelledAt);
    const { taxRate } = pricingOf(tenant.settings);
    const { totals } = await priceCart(tx, { tenantId: tenant.id, cart, rows, taxRate, locale: "ar", now });
    const total = toSar(totals.totalAmount);
    if (cart.paymentStatus === "paid" && (cart.paymentMethod === "CASH" || cart.paymentMethod === "BANK_TRANSFER"))
      return { orderNumber: number, alreadyPaid: true, total, invoiced: false };
    if (cart.paymentStatus !== "pay_on_site" && cart.paymentStatus !== "pending_review") {
      throw new PlatformError(
        "SP:PaymentNotRecordable",
        409,
        `Order ${number} is not a cash or bank-transfer order awaiting payment (${cart.paymentStatus})`,
      );
    }
    if (rows.length === 0)
      throw new PlatformError("SP:PaymentNotRecordable", 409, `Every line of order ${number} was cancelled`);
    await tx.update(carts).set({ paymentStatus: "paid" }).where(eq(carts.id, cart.id));
    // Recorded once (a second call is answered "already paid" above): the order names the intent.
    if (cart.paymentMethod === "BANK_TRANSFER")
      await enqueueOrderMessage(tx, tenant.id, "transfer_approved", cart.id, { orderId: cart.id });
    else await enqueueOrderMessage(tx, tenant.id, "order_paid", cart.id, { orderId: cart.id });
    const invoiced = await issueInvoice(tx, {
      tenantId: tenant.id,
      tenantName: tenant.name,
      cartId: cart.id,
      settings: tenant.settings,
      buyerName: cart.customerName,
      rows,
      totals,
      taxRate,
      paid: totals.totalAmount,
      now,
    });
    // A gift line bought with cash or a transfer becomes a card now that its money is in.
    await issueGiftCards(tx, {
      tenantId: tenant.id,
      cartId: cart.id,
      settings: tenant.settings,
      buyerMobile: cart.customerMobile,
      now,
    });
    return { orderNumber: number, alreadyPaid: false, total, invoiced };
  });
}

/**
 * The store could not find a bank transfer's money: the customer is told (transfer_refused) and
 * the order stays under review, its receipt replaceable. Told once per receipt: refused again
 * before a new receipt arrives, nothing more is sent (`alreadyTold`); a new receipt can be refused anew.
 */
export async function refuseTransfer(
  db: Db,
  slug: string,
  orderNumber: string,
): Promise<{ orderNumber: string; alreadyTold: boolean }> {
  const number = orderNumber.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const { tenant, cart } = await lockPlacedOrder(tx, slug, number);
    if (cart.paymentMethod !== "BANK_TRANSFER" || cart.paymentStatus !== "pending_review")
      throw new PlatformError(
        "SP:PaymentNotRecordable",
        409,
        `Order ${number} is not a bank transfer under review (${cart.paymentMethod}, ${cart.paymentStatus})`,
      );
    const written = await enqueueOrderMessage(tx, tenant.id, "transfer_refused", `${cart.id}:${cart.receiptUploadId}`, {
      orderId: cart.id,
    });
    return { orderNumber: number, alreadyTold: !written };
  });
}
