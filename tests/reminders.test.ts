import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customerMessages } from "@/platform/db/schema";
import { scheduleReminders } from "@/platform/notify/reminders";
import { dayStart } from "@/platform/time";
import { HOUR_MS, MINUTE_MS } from "@/rules/riyadh-time";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { withSettings } from "./helpers/checkout";
import { FILES } from "./helpers/account-api";
import { paymentsHarness } from "./helpers/payments";
import { atClock, reminderOrders, remindersOf } from "./helpers/reminders";

const before = (iso: string, hours: number, minutes = 0) =>
  new Date(new Date(iso).getTime() - hours * HOUR_MS - minutes * MINUTE_MS).toISOString();

/**
 * A placed order's bookings get their reminders in the outbox as the order completes, by every way
 * of paying: the store's hours before each start, none already due, out of the quiet hours; a
 * cancelled booking's pending ones are cancelled and a moved one's are written for its new time,
 * each once however often it is asked. The suite's clock: tomorrow 12:00 Riyadh ("day 0").
 */
describeEachDb("booking reminders in the outbox", (t) => {
  const { api, bookedMassage, stayCart } = reminderOrders(t);
  const p = paymentsHarness(t);
  const spa = () => t().spa;

  it("a booking 25 hours ahead gets its 24- and 2-hour reminders, to the checkout's mobile in the order's language; a merchandise line none", async () => {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    const salts = await demoProduct(t().db, spa().id, DEMO.salts);
    const start = at(t().now, 1, 13);
    const { shopper, cart } = await api.cartWith(spa(), [
      { productId: m.id, priceId: m.priceId, quantity: 1, reservationDateFrom: start },
      { productId: salts.id, priceId: salts.priceId, quantity: 1 },
    ]);
    const placed = await api.submit(spa(), shopper, cart.id);
    expect(placed.error).toBeUndefined();
    const booking = placed.data!.cartItems.find((i) => i.product.typeString === "reservation")!;
    const params = { orderId: cart.id, bookingId: booking.id, startsAt: start };
    expect(await remindersOf(t().db, cart.id)).toEqual([
      {
        key: `reminder:${booking.id}:${start}:24`,
        sendAt: before(start, 24),
        status: "pending",
        to: shopper.mobileNumber,
        locale: "en",
        params,
      },
      {
        key: `reminder:${booking.id}:${start}:2`,
        sendAt: before(start, 2),
        status: "pending",
        to: shopper.mobileNumber,
        locale: "en",
        params,
      },
    ]);
  });

  it("a booking made 10 hours ahead gets the 2-hour reminder only, one made an hour ahead none", async () => {
    const start = at(t().now, 1, 14);
    const tenAhead = await atClock(t, before(start, 10), () => bookedMassage(1, 14));
    expect((await remindersOf(t().db, tenAhead.order.id)).map((r) => r.sendAt)).toEqual([before(start, 2)]);
    const oneAhead = await atClock(t, before(start, 1), () => bookedMassage(1, 14));
    expect(await remindersOf(t().db, oneAhead.order.id)).toEqual([]);
  });

  it("quiet hours move a reminder to their end, or to the minute before them when the end is too late; none when the store turns reminders off", async () => {
    const quiet = await withSettings(t().db, spa(), { quietHours: "13:00-16:00" });
    try {
      const { order } = await bookedMassage(1, 15);
      // 24 h before is 15:00 today, quiet: moved to 16:00. 2 h before is 13:00 tomorrow: 16:00 is past the start, so 12:59.
      expect((await remindersOf(t().db, order.id)).map((r) => [r.key.split(":").at(-1), r.sendAt])).toEqual([
        ["24", at(t().now, 0, 16)],
        ["2", at(t().now, 1, 12, 59)],
      ]);
    } finally {
      await quiet();
    }
    const off = await withSettings(t().db, spa(), { bookingReminderHours: "none" });
    try {
      expect(await remindersOf(t().db, (await bookedMassage(2, 15)).order.id)).toEqual([]);
    } finally {
      await off();
    }
    const custom = await withSettings(t().db, spa(), { bookingReminderHours: "48,3" });
    try {
      const { order } = await bookedMassage(3, 15);
      expect((await remindersOf(t().db, order.id)).map((r) => r.sendAt)).toEqual([
        before(at(t().now, 3, 15), 48),
        before(at(t().now, 3, 15), 3),
      ]);
    } finally {
      await custom();
    }
  });

  it("a stay paid by bank transfer is reminded before its first day, out of the night's quiet hours", async () => {
    const { shopper, cart } = await stayCart(40, 2);
    const form = new FormData();
    form.set("transferorName", "Sara Al-Qahtani");
    form.set("files", new Blob([new Uint8Array(FILES.pdf)]), "receipt.pdf");
    form.set("checkout", JSON.stringify({ customer: { name: "Sara", mobileNumber: shopper.mobileNumber } }));
    const sent = await api.call(spa(), "POST", `cart/${cart.id}/bank-receipt`, { token: shopper.token, form });
    expect(sent.error).toBeUndefined();
    const firstDay = dayStart(dayAhead(t().now, 40)).toISOString();
    // Midnight's 24-hour reminder moves to 08:00 the day before; the 2-hour one (22:00) to 21:59.
    expect((await remindersOf(t().db, cart.id)).map((x) => [x.key.split(":").at(-1), x.sendAt])).toEqual([
      ["24", before(firstDay, 16)],
      ["2", before(firstDay, 2, 1)],
    ]);
  });

  it("an order paid online gets its booking's reminders when the payment settles", async () => {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    const { shopper, cart } = await p.saltsCart(1, [
      { productId: m.id, priceId: m.priceId, quantity: 1, reservationDateFrom: at(t().now, 4, 13) },
    ]);
    const paid = await p.payMoyasar(shopper, cart.id, { token: await p.cardToken("4111111111111111") });
    await p.press(paid.data!.redirectUrl!, "authenticate");
    expect((await p.callback(shopper, cart.id)).data).toMatchObject({ outcome: "paid" });
    // The callback again (a second tab, the webhook): the same two.
    await p.callback(shopper, cart.id);
    expect((await remindersOf(t().db, cart.id)).map((r) => r.sendAt)).toEqual([
      before(at(t().now, 4, 13), 24),
      before(at(t().now, 4, 13), 2),
    ]);
  });

  it("a completion sent twice at once, or its reminders written again, is one set of reminders", async () => {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    const { shopper, cart } = await api.cartWith(spa(), [
      { productId: m.id, priceId: m.priceId, quantity: 1, reservationDateFrom: at(t().now, 5, 13) },
    ]);
    const answers = await Promise.all([api.submit(spa(), shopper, cart.id), api.submit(spa(), shopper, cart.id)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const again = await t().db.transaction((tx) =>
      scheduleReminders(tx, { tenantId: spa().id, orderId: cart.id, now: t().now }),
    );
    expect(again).toBe(0);
    expect(await remindersOf(t().db, cart.id)).toHaveLength(2);
  });

  it("a cancelled booking's pending reminders are cancelled, once for two cancels at once; one already sent stays sent", async () => {
    const { shopper, order } = await bookedMassage(6, 13);
    const [first] = await remindersOf(t().db, order.id);
    await t().db.update(customerMessages).set({ status: "sent" }).where(eq(customerMessages.dedupeKey, first.key));
    const path = `orders/${order.id}/items/${order.cartItems[0].id}/cancel`;
    const answers = await Promise.all([
      api.call(spa(), "POST", path, { token: shopper.token }),
      api.call(spa(), "POST", path, { token: shopper.token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await remindersOf(t().db, order.id)).map((r) => r.status)).toEqual(["sent", "cancelled"]);
  });

  it("a moved booking's reminders are for its new time, once for two moves at once; moved back, its first ones come back", async () => {
    const { shopper, order } = await bookedMassage(7, 13);
    const itemId = order.cartItems[0].id;
    const move = (to: string) =>
      api.call(spa(), "POST", `orders/${order.id}/items/${itemId}/reschedule`, {
        token: shopper.token,
        body: { reservationDateFrom: to },
      });
    const [from, to] = [at(t().now, 7, 13), at(t().now, 7, 16)];
    expect((await Promise.all([move(to), move(to)])).map((a) => a.status)).toEqual([200, 200]);
    const keyOf = (start: string, h: number) => `reminder:${itemId}:${start}:${h}`;
    const state = async () =>
      Object.fromEntries((await remindersOf(t().db, order.id)).map((r) => [r.key, [r.status, r.sendAt]]));
    expect(await state()).toEqual({
      [keyOf(from, 24)]: ["cancelled", before(from, 24)],
      [keyOf(from, 2)]: ["cancelled", before(from, 2)],
      [keyOf(to, 24)]: ["pending", before(to, 24)],
      [keyOf(to, 2)]: ["pending", before(to, 2)],
    });
    expect((await move(from)).status).toBe(200);
    expect(await state()).toEqual({
      [keyOf(from, 24)]: ["pending", before(from, 24)],
      [keyOf(from, 2)]: ["pending", before(from, 2)],
      [keyOf(to, 24)]: ["cancelled", before(to, 24)],
      [keyOf(to, 2)]: ["cancelled", before(to, 2)],
    });
  });
});
