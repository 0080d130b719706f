import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { bookings, carts, customerPackages, customerSubscriptions, products } from "@/platform/db/schema";
import { describeEachDb } from "./helpers/test-db";
import { accessTokenFor, demoCustomer, newCustomer } from "./helpers/account-api";
import { at, DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, expectCode, newShopper, withSettings } from "./helpers/checkout";
import { recordOfflinePayment } from "@/platform/services/record-payment";

describeEachDb("checkout submit", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  const product = (name: string) => demoProduct(t().db, t().spa.id, name);
  const stockOf = async (id: string) =>
    (await t().db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
  const massageAt = async (day: number, hour: number, quantity = 1) => {
    const m = await product(DEMO.massage);
    return { productId: m.id, priceId: m.priceId, quantity, reservationDateFrom: at(t().now, day, hour) };
  };
  const oil = async (quantity = 1) => {
    const o = await product(DEMO.oil);
    return { productId: o.id, priceId: o.priceId, quantity };
  };
  const resthouse = async (fromDay: number, nights: number) => {
    const r = await product(DEMO.resthouse);
    return {
      productId: r.id,
      priceId: r.priceId,
      reservationDateFrom: dayAhead(t().now, fromDay),
      reservationDateTo: dayAhead(t().now, fromDay + nights),
    };
  };

  // Every test starts with the oil's seeded stock.
  beforeEach(async () => {
    const o = await product(DEMO.oil);
    await t().db.update(products).set({ stock: 3 }).where(eq(products.id, o.id));
  });

  it("completes a cash order in one go: stock, seats, snapshot, order number; a second submit is refused", async () => {
    const oilItem = await oil(1);
    const before = await stockOf(oilItem.productId);
    const { shopper, cart } = await api.cartWith(spa(), [oilItem, await massageAt(2, 11)]);
    const done = await api.submit(spa(), shopper, cart.id, { bookingNotes: "  Window seat please " });
    expect(done.error).toBeUndefined();
    expect(done.data).toMatchObject({
      id: cart.id,
      status: "completed",
      paymentMethod: "CASH",
      paymentStatus: "pay_on_site",
      customerName: "Test Shopper",
      customerMobile: shopper.mobileNumber,
      bookingNotes: "Window seat please",
      totalAmount: cart.totalAmount,
    });
    expect(done.data!.orderNumber).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(done.data!.completedAt).toBe(t().now.toISOString());
    expect(await stockOf(oilItem.productId)).toBe(before! - 1);
    const booked = await t().db.select().from(bookings).where(eq(bookings.cartItemId, cart.items[1].id));
    expect(booked).toMatchObject([{ customerId: shopper.id, seats: 1, startsAt: new Date(at(t().now, 2, 11)) }]);

    expectCode(await api.submit(spa(), shopper, cart.id), "SP:CartAlreadyCompleted", 400);
    expectCode(
      await api.call(spa(), "POST", `cart/${cart.id}/items`, { token: shopper.token, body: oilItem }),
      "SP:CartAlreadyCompleted",
      400,
    );
    expect(await stockOf(oilItem.productId)).toBe(before! - 1);
    // The done page reads it (owner only).
    expect((await api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data).toMatchObject({
      status: "completed",
      orderNumber: done.data!.orderNumber,
    });
    const other = await newCustomer(t().db, spa());
    expectCode(await api.call(spa(), "GET", `cart/${cart.id}`, { token: other.token }), "SP:EntityNotFound", 404);
  });

  it("claims an order's purchase event once: five views at once, one first; not before completion; another customer's is 404", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [await oil(1)]);
    const claim = (token: string | undefined, id = cart.id) =>
      api.call<{ first: boolean }>(spa(), "POST", `cart/${id}/purchase-event`, { token });
    expect((await claim(shopper.token)).data).toEqual({ first: false });
    expect((await api.submit(spa(), shopper, cart.id)).error).toBeUndefined();
    const views = await Promise.all(Array.from({ length: 5 }, () => claim(shopper.token)));
    expect(views.map((v) => v.data?.first).filter(Boolean)).toHaveLength(1);
    expect((await claim(shopper.token)).data).toEqual({ first: false });
    const other = await newShopper(t().db, spa());
    expectCode(await claim(other.token), "SP:EntityNotFound", 404);
    expectCode(await claim(shopper.token, "not-a-uuid"), "SP:EntityNotFound", 404);
  });

  it("refuses an order under the store's minimum on the platform too, and completes it once it is over", async () => {
    const coffee = t().coffee;
    const drip = await demoProduct(t().db, coffee.id, DEMO.drip);
    const beans = await demoProduct(t().db, coffee.id, DEMO.beans);
    const { shopper, cart } = await api.cartWith(coffee, [{ productId: drip.id, priceId: drip.priceId, quantity: 1 }]);
    expectCode(await api.submit(coffee, shopper, cart.id), "SP:CartMinimumAmountNotMet", 400);
    const added = await api.call(coffee, "POST", `cart/${cart.id}/items`, {
      token: shopper.token,
      body: { productId: beans.id, priceId: beans.priceId, quantity: 1 },
    });
    expect(added.data!.totalAmount).toBeGreaterThanOrEqual(50);
    expect((await api.submit(coffee, shopper, cart.id)).data?.status).toBe("completed");
  });

  it("submits only the caller's own, non-empty cart", async () => {
    const { shopper, cart } = await api.cartWith(spa(), []);
    expectCode(await api.submit(spa(), shopper, cart.id), "SP:CartIsEmpty", 400);
    const { cart: full } = await api.cartWith(spa(), [await oil()]);
    expectCode(await api.submit(spa(), shopper, full.id), "SP:EntityNotFound", 404);
    expectCode(
      await api.call(spa(), "POST", `cart/${full.id}/submit`, { body: api.submitBody(shopper) }),
      "SP:Unauthorized",
      401,
    );
    const guest = await api.call(spa(), "POST", "cart");
    await api.call(spa(), "POST", `cart/${guest.data!.id}/items`, { body: await oil() });
    expectCode(await api.submit(spa(), shopper, guest.data!.id), "SP:EntityNotFound", 404);
    expectCode(await api.submit(t().coffee, shopper, full.id), "SP:TenantMismatch", 401);
    expectCode(await api.submit(spa(), shopper, "not-a-uuid"), "SP:EntityNotFound", 404);
  });

  it("checks the order's details: a valid mobile, a name, a known method; bank transfer needs its receipt", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [await oil()]);
    expectCode(
      await api.submit(spa(), shopper, cart.id, { customer: { name: "Sara", mobileNumber: "12345" } }),
      "SP:InvalidMobileNumber",
      400,
    );
    expectCode(
      await api.submit(spa(), shopper, cart.id, { customer: { name: "   ", mobileNumber: shopper.mobileNumber } }),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await api.submit(spa(), shopper, cart.id, { paymentMethod: "VISA" as "CASH" }),
      "SP:ValidationError",
      400,
    );
    expectCode(
      await api.submit(spa(), shopper, cart.id, { paymentMethod: "BANK_TRANSFER" }),
      "SP:BankReceiptRequired",
      400,
    );
    // A mobile typed nationally is kept in E.164.
    const done = await api.submit(spa(), shopper, cart.id, { customer: { name: "Sara", mobileNumber: "0551234567" } });
    expect(done.data).toMatchObject({ customerMobile: "+966551234567", status: "completed" });
  });

  it("completes only for the total the shopper confirmed (expectedTotal, halalas) when it is sent", async () => {
    // A massage the customer's package pays for, until its last session goes elsewhere.
    const shopper = await newShopper(t().db, spa());
    const bundle = await product(DEMO.bundle);
    const [pkg] = await t()
      .db.insert(customerPackages)
      .values({
        tenantId: spa().id,
        customerId: shopper.id,
        productId: bundle.id,
        totalSessions: 1,
        remainingSessions: 1,
      })
      .returning();
    const { cart } = await api.cartWith(spa(), [await massageAt(6, 10)], shopper);
    expect(cart).toMatchObject({ hasPackageDiscounts: true, totalAmount: 0 });
    for (const bad of [-1, 1.5, "0", 2 ** 53, null])
      expectCode(
        await api.submit(spa(), shopper, cart.id, { expectedTotal: bad as number }),
        "SP:ValidationError",
        400,
      );
    await t().db.update(customerPackages).set({ remainingSessions: 0 }).where(eq(customerPackages.id, pkg.id));

    const changed = await api.submit(spa(), shopper, cart.id, { expectedTotal: 0 });
    expectCode(changed, "SP:CartTotalChanged", 409);
    expect(changed.error!.details).toEqual({ expected: 0, total: 28750 });
    const [row] = await t().db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row).toMatchObject({ status: "active", paymentStatus: "unpaid", orderNumber: null });
    expect(await t().db.select().from(bookings).where(eq(bookings.cartItemId, cart.items[0].id))).toEqual([]);
    // The shopper reviews the cart (now 287.50 SAR) and confirms that total: it completes.
    const shown = (await api.call<typeof cart>(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
    expect(shown).toMatchObject({ hasPackageDiscounts: false, totalAmount: 287.5 });
    expect(
      (await api.submit(spa(), shopper, cart.id, { expectedTotal: Math.round(shown.totalAmount * 100) })).data,
    ).toMatchObject({ status: "completed", totalAmount: 287.5 });

    // Without expectedTotal (other API clients) the order completes at today's price.
    const other = await api.cartWith(spa(), [await massageAt(6, 12)], shopper);
    expect(other.cart).toMatchObject({ totalAmount: 287.5 });
    expect((await api.submit(spa(), shopper, other.cart.id)).data).toMatchObject({
      status: "completed",
      totalAmount: 287.5,
    });
  });

  it("refuses cash when it is not enabled, but confirms a zero-total order with it", async () => {
    const restore = await withSettings(t().db, spa(), { cashEnabled: null });
    try {
      const { shopper, cart } = await api.cartWith(spa(), [await oil()]);
      expectCode(await api.submit(spa(), shopper, cart.id), "SP:PaymentMethodNotAllowed", 400);
      expect((await t().db.select().from(carts).where(eq(carts.id, cart.id)))[0]).toMatchObject({
        status: "active",
        paymentStatus: "unpaid",
      });
      // Sara's package pays for a massage: total 0, confirmed with CASH.
      const sara = await demoCustomer(t().db, spa());
      const covered = await api.cartWith(spa(), [await massageAt(4, 12)], sara);
      expect(covered.cart.totalAmount).toBe(0);
      expect((await api.submit(spa(), sara, covered.cart.id)).data).toMatchObject({
        status: "completed",
        paymentMethod: "CASH",
        paymentStatus: "pay_on_site",
      });
    } finally {
      await restore();
    }
  });

  it("refuses cash for a deposit cart when disableCODForDeposit is set", async () => {
    const restore = await withSettings(t().db, spa(), { disableCODForDeposit: "True" });
    try {
      const { shopper, cart } = await api.cartWith(spa(), [await resthouse(40, 2)]);
      expect(cart.depositAmount).toBeGreaterThan(0);
      expectCode(await api.submit(spa(), shopper, cart.id), "SP:PaymentMethodNotAllowed", 400);
      const plain = await api.cartWith(spa(), [await oil()]);
      const plainDone = await api.submit(spa(), plain.shopper, plain.cart.id);
      expect(plainDone.data?.status, JSON.stringify(plainDone.error)).toBe("completed");
    } finally {
      await restore();
    }
  });

  it("enforces the subscription limit and creates subscriptions and packages", async () => {
    const membership = await product(DEMO.membership);
    const item = { productId: membership.id, priceId: membership.priceId, subscriptionStartDate: dayAhead(t().now, 1) };
    const sara = await demoCustomer(t().db, spa());
    const saras = await api.cartWith(spa(), [item], sara);
    expectCode(await api.validate(spa(), sara, saras.cart.id), "SP:SubscriptionLimitExceeded", 400);
    expectCode(await api.submit(spa(), sara, saras.cart.id), "SP:SubscriptionLimitExceeded", 400);

    const { shopper, cart } = await api.cartWith(spa(), [item]);
    expect((await api.submit(spa(), shopper, cart.id)).data?.status).toBe("completed");
    const subs = await t()
      .db.select()
      .from(customerSubscriptions)
      .where(eq(customerSubscriptions.customerId, shopper.id));
    expect(subs).toMatchObject([
      { productId: membership.id, startsOn: dayAhead(t().now, 1), endsOn: dayAhead(t().now, 30), status: "active" },
    ]);
    const again = await api.cartWith(spa(), [item], shopper);
    expectCode(await api.submit(spa(), shopper, again.cart.id), "SP:SubscriptionLimitExceeded", 400);

    const bundle = await product(DEMO.bundle);
    const bought = await api.cartWith(
      spa(),
      [{ productId: bundle.id, priceId: bundle.priceId, subscriptionStartDate: dayAhead(t().now, 0) }],
      shopper,
    );
    const boughtOrder = (await api.submit(spa(), shopper, bought.cart.id)).data!;
    expect(boughtOrder.status).toBe("completed");
    const pkgs = await t().db.select().from(customerPackages).where(eq(customerPackages.customerId, shopper.id));
    expect(pkgs).toMatchObject([{ productId: bundle.id, totalSessions: 10, remainingSessions: 10 }]);
    // Once the store has the cash, the new package pays for the next massage.
    await recordOfflinePayment(t().db, "spa", boughtOrder.orderNumber!);
    const next = await api.cartWith(spa(), [await massageAt(5, 10)], shopper);
    expect(next.cart).toMatchObject({
      hasPackageDiscounts: true,
      totalAmount: 0,
      packages: [{ id: pkgs[0].id, remainingSessions: 10, sessionsToUse: 1 }],
    });
  });

  it("keeps a customer's bookings of the resthouse 14 days apart", async () => {
    const sara = await demoCustomer(t().db, spa());
    // Sara stays nights 10–11 (seeded).
    const soon = await api.cartWith(spa(), [await resthouse(20, 1)], sara);
    expectCode(await api.validate(spa(), sara, soon.cart.id), "SP:NextReservationPeriodNotMet", 400);
    expectCode(await api.submit(spa(), sara, soon.cart.id), "SP:NextReservationPeriodNotMet", 400);
    const later = await api.cartWith(spa(), [await resthouse(24, 1)], sara);
    expect((await api.submit(spa(), sara, later.cart.id)).data?.status).toBe("completed");

    const { shopper, cart } = await api.cartWith(spa(), [await resthouse(50, 2)]);
    const first = await api.submit(spa(), shopper, cart.id);
    expect(first.data?.status, JSON.stringify(first.error)).toBe("completed");
    const back = await api.cartWith(spa(), [await resthouse(45, 1)], shopper);
    expectCode(await api.submit(spa(), shopper, back.cart.id), "SP:NextReservationPeriodNotMet", 400);
    // Two stays in one cart count against each other too.
    const two = await api.cartWith(spa(), [await resthouse(70, 1), await resthouse(75, 1)]);
    expectCode(await api.submit(spa(), two.shopper, two.cart.id), "SP:NextReservationPeriodNotMet", 400);
    expect(await t().db.select().from(bookings).where(eq(bookings.customerId, two.shopper.id))).toEqual([]);
  });

  it("validates without keeping anything, and answers the first rule that fails now", async () => {
    const oilItem = await oil(1);
    const stock = await stockOf(oilItem.productId);
    const { shopper, cart } = await api.cartWith(spa(), [oilItem, await massageAt(3, 13)]);
    expect((await api.validate(spa(), shopper, cart.id)).data).toEqual({ valid: true });
    expect(await stockOf(oilItem.productId)).toBe(stock);
    expect(await t().db.select().from(bookings).where(eq(bookings.cartItemId, cart.items[1].id))).toEqual([]);
    expect((await t().db.select().from(carts).where(eq(carts.id, cart.id)))[0].status).toBe("active");

    // Someone else buys the rest of the stock.
    const rival = await api.cartWith(spa(), [await oil(stock!)]);
    expect((await api.submit(spa(), rival.shopper, rival.cart.id)).data?.status).toBe("completed");
    expectCode(await api.validate(spa(), shopper, cart.id), "SP:MerchandiseItemInsufficientStock", 409);
    expectCode(await api.submit(spa(), shopper, cart.id), "SP:MerchandiseItemInsufficientStock", 409);
    expect(await stockOf(oilItem.productId)).toBe(0);

    // The last seats of a slot go to whoever completes first.
    const a = await api.cartWith(spa(), [await massageAt(6, 15, 2)]);
    const b = await api.cartWith(spa(), [await massageAt(6, 15, 1)]);
    expect((await api.submit(spa(), a.shopper, a.cart.id)).data?.status).toBe("completed");
    expectCode(await api.validate(spa(), b.shopper, b.cart.id), "SP:SlotIsNotAvailable", 409);

    // A slot that has started can no longer be bought.
    const late = await api.cartWith(spa(), [await massageAt(1, 13)]);
    vi.setSystemTime(new Date(at(t().now, 1, 13, 30)));
    try {
      // (A fresh token: the shopper's own would have expired by then.)
      const token = await accessTokenFor(t().db, spa().id, late.shopper.id);
      expectCode(
        await api.validate(spa(), { ...late.shopper, token }, late.cart.id),
        "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
        400,
      );
    } finally {
      vi.setSystemTime(t().now);
    }
  });

  it("answers every checkout route across tenants with 401 or 404, never data", async () => {
    const { shopper, cart } = await api.cartWith(spa(), [await oil()]);
    const beans = await demoProduct(t().db, t().coffee.id, DEMO.beans);
    const coffee = await api.cartWith(t().coffee, [{ productId: beans.id, priceId: beans.priceId, quantity: 1 }]);
    const form = () => {
      const f = new FormData();
      f.set("transferorName", "X");
      f.set("files", new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])]), "r.pdf");
      f.set("checkout", JSON.stringify({ customer: { name: "X", mobileNumber: shopper.mobileNumber } }));
      return f;
    };
    const routes: [string, string, Parameters<typeof api.call>[3]][] = [
      ["POST", "coupon", { body: { couponCode: "RELAX10" } }],
      ["DELETE", "coupon", {}],
      ["PUT", "packages", { body: { usePackages: false } }],
      ["GET", "validate", {}],
      ["POST", "submit", { body: api.submitBody(shopper) }],
      ["POST", "bank-receipt", { form: form() }],
    ];
    for (const [method, rest, opts] of routes) {
      const what = `${method} ${rest}`;
      // A spa token on the coffee host, for the spa cart and for a coffee cart.
      expectCode(
        await api.call(t().coffee, method, `cart/${cart.id}/${rest}`, {
          ...opts,
          token: shopper.token,
          form: rest === "bank-receipt" ? form() : undefined,
        }),
        "SP:TenantMismatch",
        401,
      );
      expectCode(
        await api.call(t().coffee, method, `cart/${coffee.cart.id}/${rest}`, {
          ...opts,
          token: shopper.token,
          form: rest === "bank-receipt" ? form() : undefined,
        }),
        "SP:TenantMismatch",
        401,
      );
      // A coffee cart's id on the spa host with a spa token: no such cart.
      const res = await api.call(spa(), method, `cart/${coffee.cart.id}/${rest}`, {
        ...opts,
        token: shopper.token,
        form: rest === "bank-receipt" ? form() : undefined,
      });
      expect(res.status, what).toBe(404);
      expect(res.data, what).toBeUndefined();
    }
    expect(
      (await api.call(t().coffee, "GET", `cart/${coffee.cart.id}`, { token: coffee.shopper.token })).data?.status,
    ).toBe("active");
  });

  it("keeps orders of different tenants apart", async () => {
    const grinder = await demoProduct(t().db, t().coffee.id, DEMO.beans);
    const { shopper, cart } = await api.cartWith(t().coffee, [
      { productId: grinder.id, priceId: grinder.priceId, quantity: 1 },
    ]);
    expect((await api.submit(t().coffee, shopper, cart.id)).data).toMatchObject({
      status: "completed",
      paymentStatus: "pay_on_site",
    });
    const spaShopper = await newCustomer(t().db, spa());
    expectCode(await api.submit(spa(), spaShopper, cart.id), "SP:EntityNotFound", 404);
    const rows = await t()
      .db.select()
      .from(carts)
      .where(and(eq(carts.tenantId, t().coffee.id), eq(carts.id, cart.id)));
    expect(rows[0].orderNumber).toMatch(/^[A-Z2-9]{6}$/);
  });
});
