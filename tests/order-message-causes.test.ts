import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { CartDto } from "@/contract/dto/cart";
import { carts, customerMessages, uploads } from "@/platform/db/schema";
import { recordOfflinePayment, refuseTransfer } from "@/platform/services/record-payment";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { paymentsHarness, providerPayments } from "./helpers/payments";
import type { Shopper } from "./helpers/checkout";

/**
 * Each order message is written with its cause, in the cause's transaction, once per intent: the
 * cause repeated (a double tap, a second tab, a retried request, a doubled webhook or callback, an
 * operator recording a payment twice) writes no second message.
 */
describeEachDb("order messages, once per cause", (t) => {
  const p = paymentsHarness(t);
  const pay = providerPayments(p, t);
  const spa = () => t().spa;

  const messagesOf = async (orderId: string) =>
    (
      await t()
        .db.select({
          kind: customerMessages.kind,
          dedupeKey: customerMessages.dedupeKey,
          params: customerMessages.params,
          locale: customerMessages.locale,
        })
        .from(customerMessages)
        .where(and(eq(customerMessages.tenantId, spa().id)))
    )
      // Reminders are planned per booking and hour count: tests/reminders.test.ts holds them.
      .filter((m) => (m.params as { orderId?: string }).orderId === orderId && m.kind !== "booking_reminder")
      .map((m) => m.kind)
      .sort();

  async function bookedMassage(day: number, hour: number): Promise<{ shopper: Shopper; order: CartDto }> {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    const { shopper, cart } = await p.api.cartWith(spa(), [
      { productId: m.id, priceId: m.priceId, quantity: 1, reservationDateFrom: at(t().now, day, hour) },
    ]);
    const placed = await p.api.submit(spa(), shopper, cart.id);
    expect(placed.error).toBeUndefined();
    return { shopper, order: placed.data! };
  }
  const call = (who: Shopper, order: CartDto, action: string, body?: unknown) =>
    p.api.call<CartDto>(spa(), "POST", `orders/${order.id}/items/${order.cartItems[0].id}/${action}`, {
      token: who.token,
      body,
    });

  it("a cash booking: placed, moved (twice at once to one time, then again), cancelled four times at once, recorded paid twice", async () => {
    const { shopper, order } = await bookedMassage(20, 14);
    expect(await messagesOf(order.id)).toEqual(["order_placed"]);

    const moves = await Promise.all([
      call(shopper, order, "reschedule", { reservationDateFrom: at(t().now, 20, 16) }),
      call(shopper, order, "reschedule", { reservationDateFrom: at(t().now, 20, 16) }),
    ]);
    expect(moves.map((m) => m.status)).toEqual([200, 200]);
    expect(await messagesOf(order.id)).toEqual(["booking_moved", "order_placed"]);
    expect((await call(shopper, order, "reschedule", { reservationDateFrom: at(t().now, 20, 18) })).status).toBe(200);
    expect(await messagesOf(order.id)).toEqual(["booking_moved", "booking_moved", "order_placed"]);

    await recordOfflinePayment(t().db, "spa", order.orderNumber!);
    await recordOfflinePayment(t().db, "spa", order.orderNumber!);
    expect(await messagesOf(order.id)).toEqual(["booking_moved", "booking_moved", "order_paid", "order_placed"]);

    const cancels = await Promise.all([1, 2, 3, 4].map(() => call(shopper, order, "cancel")));
    expect(cancels.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(await messagesOf(order.id)).toEqual([
      "booking_cancelled",
      "booking_moved",
      "booking_moved",
      "order_paid",
      "order_placed",
    ]);
  });

  it("a bank transfer under review: its refusal told once per receipt, its approval once however often it is recorded", async () => {
    const { order } = await bookedMassage(21, 14);
    // The transfer's own checkout (a receipt upload) is the bank-receipt suite's; here the order is one under review.
    await t()
      .db.update(carts)
      .set({ paymentMethod: "BANK_TRANSFER", paymentStatus: "pending_review" })
      .where(eq(carts.id, order.id));
    // Refused twice for one receipt: told once; a new receipt refused again: told again.
    const refusals = await Promise.all([
      refuseTransfer(t().db, "spa", order.orderNumber!),
      refuseTransfer(t().db, "spa", order.orderNumber!),
    ]);
    expect(refusals.map((r) => r.alreadyTold).sort()).toEqual([false, true]);
    expect(await messagesOf(order.id)).toEqual(["order_placed", "transfer_refused"]);
    const [upload] = await t()
      .db.insert(uploads)
      .values({
        tenantId: spa().id,
        purpose: "bank-receipt",
        contentType: "image/png",
        size: 1,
        storedName: `${crypto.randomUUID()}.png`,
        data: Buffer.from([0]),
      })
      .returning();
    await t().db.update(carts).set({ receiptUploadId: upload.id }).where(eq(carts.id, order.id));
    expect((await refuseTransfer(t().db, "spa", order.orderNumber!)).alreadyTold).toBe(false);
    expect(await messagesOf(order.id)).toEqual(["order_placed", "transfer_refused", "transfer_refused"]);

    await Promise.all([
      recordOfflinePayment(t().db, "spa", order.orderNumber!),
      recordOfflinePayment(t().db, "spa", order.orderNumber!),
    ]);
    expect(await messagesOf(order.id)).toEqual([
      "order_placed",
      "transfer_approved",
      "transfer_refused",
      "transfer_refused",
    ]);
    // Paid, it can no longer be refused.
    await expect(refuseTransfer(t().db, "spa", order.orderNumber!)).rejects.toThrow(/not a bank transfer under review/);
  });

  it("a card-paid booking: placed once however often the payment is confirmed; cancelled, its refund told once", async () => {
    const massage = await demoProduct(t().db, spa().id, DEMO.massage);
    const { shopper, cart } = await p.api.cartWith(spa(), [
      { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, 22, 10) },
    ]);
    await pay.paidAt("moyasar", { shopper, cartId: cart.id });
    const callbacks = await Promise.all([p.callback(shopper, cart.id), p.callback(shopper, cart.id)]);
    expect(callbacks.map((c) => c.data?.outcome)).toEqual(["paid", "paid"]);
    expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
    expect(await messagesOf(cart.id)).toEqual(["order_placed"]);
    const [placed] = await t()
      .db.select()
      .from(customerMessages)
      .where(eq(customerMessages.dedupeKey, `order_placed:${cart.id}`));
    expect(placed.locale).toBe("en");

    const order = (await p.api.call<CartDto>(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
    const cancels = await Promise.all([call(shopper, order, "cancel"), call(shopper, order, "cancel")]);
    expect(cancels.map((c) => c.status)).toEqual([200, 200]);
    expect(await messagesOf(cart.id)).toEqual(["booking_cancelled", "order_placed", "refund_issued"]);
    const [refund] = await t()
      .db.select()
      .from(customerMessages)
      .where(eq(customerMessages.dedupeKey, `refund_issued:${order.cartItems[0].id}`));
    expect((refund.params as { amountHalalas: number }).amountHalalas).toBe(order.totalAmount * 100);
  }, 60_000);
});
