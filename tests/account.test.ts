import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { carts } from "@/platform/db/schema";
import type { OrderLinkDto, OrderSummaryDto, ReservationsDto, SubscriptionDto } from "@/contract/dto/account";
import type { CartDto } from "@/contract/dto/cart";
import { orderViewKey } from "@/platform/services/order-links";
import { checkoutApi } from "./helpers/checkout";
import { getAvailability } from "@/platform/services/availability";
import { dayStart } from "@/platform/time";
import { DAY_MS } from "@/rules/riyadh-time";
import { callApi, demoCustomer, newCustomer } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";
import { at, dayAhead, DEMO, demoProduct } from "./helpers/demo-catalog";
import { DEMO_IMAGES } from "@/platform/seed/demo-images";

describeEachDb("customer reservations and subscriptions", (t) => {
  it("splits the caller's bookings into upcoming (soonest first) and past, with localized product names", async () => {
    const { db, spa, now } = t();
    const sara = await demoCustomer(db, spa);
    const res = await callApi<ReservationsDto>(db, spa, "GET", "customer/reservations", { token: sara.token });
    expect(res.status).toBe(200);
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const resthouse = await demoProduct(db, spa.id, DEMO.resthouse);
    expect(res.data?.upcoming).toEqual([
      {
        id: expect.any(String),
        productId: massage.id,
        productName: DEMO.massage,
        productImage: DEMO_IMAGES.massage,
        startsAt: at(now, 3, 20),
        endsAt: at(now, 3, 21),
        isFullDayBooking: false,
        seats: 1,
      },
      {
        id: expect.any(String),
        productId: resthouse.id,
        productName: DEMO.resthouse,
        productImage: null,
        startsAt: dayStart(dayAhead(now, 10)).toISOString(),
        // Exclusive: the checkout day; the page shows the day before (the 11th day ahead).
        endsAt: dayStart(dayAhead(now, 12)).toISOString(),
        isFullDayBooking: true,
        seats: 1,
      },
    ]);
    expect(res.data?.past).toEqual([
      expect.objectContaining({ productName: DEMO.massage, startsAt: at(now, -5, 11), isFullDayBooking: false }),
    ]);
    const ar = await callApi<ReservationsDto>(db, spa, "GET", "customer/reservations", {
      token: sara.token,
      locale: "ar",
    });
    expect(ar.data?.upcoming[0].productName).toBe("مساج استرخاء ٦٠ دقيقة");
    expect(new Date(res.data!.upcoming[1].endsAt).getTime() - new Date(res.data!.upcoming[1].startsAt).getTime()).toBe(
      2 * DAY_MS,
    );
  });

  it("leaves the seeded calendars as they were: Sara's seat is one of the two of the full 20:00 slot", async () => {
    const { db, spa, now } = t();
    const massage = await demoProduct(db, spa.id, DEMO.massage);
    const slots = (await getAvailability(db, spa.id, massage.id, { date: dayAhead(now, 3) })) as {
      slots: { from: string; available: number }[];
    };
    expect(slots.slots.find((s) => s.from === at(now, 3, 20))?.available).toBe(0);
  });

  it("lists subscriptions with status, dates and package sessions left", async () => {
    const { db, spa, now } = t();
    const sara = await demoCustomer(db, spa);
    const res = await callApi<SubscriptionDto[]>(db, spa, "GET", "customer/subscriptions", { token: sara.token });
    expect(res.data).toEqual([
      {
        id: expect.any(String),
        productId: expect.any(String),
        productName: DEMO.membership,
        productImage: DEMO_IMAGES.membership,
        startsOn: dayAhead(now, -10),
        endsOn: dayAhead(now, 19),
        status: "active",
      },
      {
        id: expect.any(String),
        productId: expect.any(String),
        productName: DEMO.bundle,
        productImage: null,
        startsOn: dayAhead(now, -20),
        endsOn: dayAhead(now, 159),
        status: "active",
        packageSessionsLeft: 7,
        packageSessionsTotal: 10,
      },
    ]);
  });

  it("shows another customer nothing of Sara's, and refuses no token and a foreign store's token", async () => {
    const { db, spa, coffee } = t();
    const other = await newCustomer(db, spa);
    expect(
      (await callApi<ReservationsDto>(db, spa, "GET", "customer/reservations", { token: other.token })).data,
    ).toEqual({ upcoming: [], past: [] });
    expect(
      (await callApi<SubscriptionDto[]>(db, spa, "GET", "customer/subscriptions", { token: other.token })).data,
    ).toEqual([]);
    const sara = await demoCustomer(db, spa);
    for (const path of ["customer/reservations", "customer/subscriptions"]) {
      expect((await callApi(db, spa, "GET", path)).status).toBe(401);
      const foreign = await callApi(db, coffee, "GET", path, { token: sara.token });
      expect([foreign.status, foreign.error?.code]).toEqual([401, "SP:TenantMismatch"]);
    }
  });
});

describeEachDb("customer orders", (t) => {
  const api = checkoutApi(() => t().db);

  it("lists the caller's placed orders of every kind, newest first, with status, method and total; open carts and others' orders are not theirs", async () => {
    const { db, spa } = t();
    // The bath salts: the oil's three bottles are other suites' stock limit.
    const salts = await demoProduct(db, spa.id, DEMO.salts);
    const gift = await demoProduct(db, spa.id, DEMO.gift);
    const first = await api.cartWith(spa, [{ productId: salts.id, priceId: salts.priceId, quantity: 1 }]);
    const shopper = first.shopper;
    expect((await api.submit(spa, shopper, first.cart.id)).status).toBe(200);
    const second = await api.cartWith(
      spa,
      [
        {
          productId: gift.id,
          priceId: gift.priceId,
          giftDetails: { theme: "eid", toName: "Noura", showBuyerInfo: false },
        },
        { productId: salts.id, priceId: salts.priceId, quantity: 2 },
      ],
      shopper,
    );
    const placed = (await api.submit(spa, shopper, second.cart.id)).data!;
    // Still open: not an order.
    await api.cartWith(spa, [{ productId: salts.id, priceId: salts.priceId }], shopper);
    // Someone else's order.
    const other = await api.cartWith(spa, [{ productId: salts.id, priceId: salts.priceId }]);
    await api.submit(spa, other.shopper, other.cart.id);

    // The suite's clock stands still: the first order is placed a day earlier, as it would be.
    await db
      .update(carts)
      .set({ completedAt: new Date(t().now.getTime() - DAY_MS) })
      .where(eq(carts.id, first.cart.id));
    const res = await callApi<OrderSummaryDto[]>(db, spa, "GET", "customer/orders", { token: shopper.token });
    expect(res.status).toBe(200);
    expect(res.data!.map((o) => o.id)).toEqual([second.cart.id, first.cart.id]);
    expect(res.data![0]).toMatchObject({
      orderNumber: placed.orderNumber,
      paymentMethod: "CASH",
      paymentStatus: "pay_on_site",
      totalAmount: placed.totalAmount,
      items: [
        { name: DEMO.gift, typeString: "gift", quantity: 1 },
        { name: DEMO.salts, typeString: "merchandise", quantity: 2 },
      ],
    });
    // A new customer has none; without a token there is no list.
    expect(
      (
        await callApi<OrderSummaryDto[]>(db, spa, "GET", "customer/orders", {
          token: (await newCustomer(db, spa)).token,
        })
      ).data,
    ).toEqual([]);
    expect((await callApi(db, spa, "GET", "customer/orders")).status).toBe(401);
  });
});

describeEachDb("an order's link", (t) => {
  const api = checkoutApi(() => t().db);

  it("opens the customer's placed order without a sign-in, without their number and notes; an edited key, another order's, another store's or an open cart is a 404", async () => {
    const { db, spa, coffee } = t();
    const salts = await demoProduct(db, spa.id, DEMO.salts);
    const { shopper, cart } = await api.cartWith(spa, [{ productId: salts.id, priceId: salts.priceId, quantity: 1 }]);
    // Not placed yet: no link.
    expect((await callApi(db, spa, "GET", `orders/${cart.id}/link`, { token: shopper.token })).status).toBe(404);
    const placed = (await api.submit(spa, shopper, cart.id)).data!;
    const link = await callApi<OrderLinkDto>(db, spa, "GET", `orders/${cart.id}/link`, { token: shopper.token });
    expect(link.status).toBe(200);
    const key = link.data!.key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The same key every time: nothing is stored, so the done page and the order page show one link.
    expect(
      (await callApi<OrderLinkDto>(db, spa, "GET", `orders/${cart.id}/link`, { token: shopper.token })).data!.key,
    ).toBe(key);

    const shared = await callApi<CartDto>(db, spa, "GET", `orders/${cart.id}/shared/${key}`);
    expect(shared.status).toBe(200);
    expect(shared.data).toMatchObject({
      id: cart.id,
      orderNumber: placed.orderNumber,
      totalAmount: placed.totalAmount,
      status: "completed",
      customerId: null,
      customerMobile: null,
      bookingNotes: null,
    });
    expect(shared.data!.cartItems.map((i) => i.product.id)).toEqual([salts.id]);
    // The owner still reads their number on their own order.
    expect(placed.customerMobile).not.toBeNull();

    // Only the owner gets the key: another customer, no token.
    expect(
      (await callApi(db, spa, "GET", `orders/${cart.id}/link`, { token: (await newCustomer(db, spa)).token })).status,
    ).toBe(404);
    expect((await callApi(db, spa, "GET", `orders/${cart.id}/link`)).status).toBe(401);

    const edited = `${key.slice(0, 31)}${key.endsWith("A") ? "B" : "A"}`;
    const other = await api.cartWith(spa, [{ productId: salts.id, priceId: salts.priceId }]);
    await api.submit(spa, other.shopper, other.cart.id);
    const otherKey = (
      await callApi<OrderLinkDto>(db, spa, "GET", `orders/${other.cart.id}/link`, { token: other.shopper.token })
    ).data!.key;
    const open = await api.cartWith(spa, [{ productId: salts.id, priceId: salts.priceId }]);
    for (const [tenant, path] of [
      [spa, `orders/${cart.id}/shared/${edited}`],
      [spa, `orders/${cart.id}/shared/${otherKey}`],
      [coffee, `orders/${cart.id}/shared/${key}`],
      [spa, `orders/${cart.id}/shared/${key.slice(0, 20)}`],
      [spa, `orders/${cart.id}/shared/${key}%00`],
      // A key made the way the platform makes it, for a cart that is not an order.
      [spa, `orders/${open.cart.id}/shared/${orderViewKey(spa.id, open.cart.id)}`],
    ] as const) {
      const res = await callApi(db, tenant, "GET", path);
      expect(res.status, path).toBe(404);
    }
  });
});
