import { and, eq, inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { TenantInfo } from "@/platform/api/router";
import { bookings, carts, cartItems, couponUsages, coupons, customerPackages, products } from "@/platform/db/schema";
import type { CartDto } from "@/contract/dto/cart";
import type { ApiResult } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { cartsOf, checkoutApi, newShopper, shoppersWithCarts, type ShopperCart } from "./helpers/checkout";

/**
 * The race suite, checkout side. Proves QUALITY.md "Reliability and security":
 *   - "Last merchandise unit / last slot seat, 50 concurrent checkouts, repeated 20 times":
 *     exactly 1 winner each time, 49 clean SP: conflicts, 0 5xx, stock never below 0;
 *   - "Single-use coupon redeemed by 20 concurrent carts": succeeds once (20 times over);
 *   - and that a package's sessions are never over-spent by concurrent orders, nor an order
 *     completed for another total than the one its shopper confirmed (expectedTotal).
 * Each round is a fresh race fired at once (Promise.all of every submit through the platform's
 * HTTP router), and its counts are exact: winners, conflict codes, 5xx, then the stock, seats,
 * coupon usages and order numbers as the database holds them. On PostgreSQL the requests truly
 * overlap (a pool of POOL connections); PGlite runs one transaction at a time and must give the
 * same answers. The carts are written straight to the database (shoppersWithCarts): how they were
 * filled is not what races here, only their checkout.
 */
const ROUNDS = 20;
/** Twenty races in one test: more than the default 30 s may pass on a busy two-core machine. */
const ROUND_TIMEOUT = 180_000;
const POOL = 30;

const ORDER_NUMBER = /^[A-HJ-NP-Z2-9]{6}$/;

describeEachDb(
  "races: checkout",
  (t) => {
    const api = checkoutApi(() => t().db);
    const db = () => t().db;

    /** Fires every submit at once; the answers in the entries' order. */
    const race = (tenant: TenantInfo, entries: ShopperCart[]) =>
      Promise.all(entries.map(({ shopper, cartId }) => api.submit(tenant, shopper, cartId)));

    /** Winners (completed carts answered), 5xx, and every refusal as "status code" → count. */
    function tally(answers: ApiResult<CartDto>[]) {
      const codes: Record<string, number> = {};
      for (const a of answers)
        if (a.error) codes[`${a.status} ${a.error.code}`] = (codes[`${a.status} ${a.error.code}`] ?? 0) + 1;
      return {
        ok: answers.filter((a) => a.status === 200 && a.data?.status === "completed").length,
        serverErrors: answers.filter((a) => a.status >= 500).length,
        codes,
      };
    }

    /** On PostgreSQL, evidence that the requests overlapped: the pool had to open many connections. */
    function expectOverlap() {
      if (t().kind !== "postgres") return;
      const pool = (db() as unknown as { $client: { totalCount: number } }).$client;
      expect(pool.totalCount).toBeGreaterThan(10);
    }

    /**
     * The carts of one race as the database holds them afterwards: exactly one completed (the
     * winner's, with an order number and `paymentStatus`), every other still active, unpaid and
     * without a number. Answers the winner's cart id.
     */
    async function expectOneOrder(
      entries: ShopperCart[],
      answers: ApiResult<CartDto>[],
      paymentStatus: string,
    ): Promise<string> {
      const winner = answers.find((a) => a.status === 200)!.data!;
      const rows = await db()
        .select({ id: carts.id, status: carts.status, payment: carts.paymentStatus, orderNumber: carts.orderNumber })
        .from(carts)
        .where(
          inArray(
            carts.id,
            entries.map((e) => e.cartId),
          ),
        );
      const done = rows.filter((r) => r.status === "completed");
      expect(done).toEqual([
        { id: winner.id, status: "completed", payment: paymentStatus, orderNumber: winner.orderNumber },
      ]);
      expect(winner.orderNumber).toMatch(ORDER_NUMBER);
      const rest = rows.filter((r) => r.id !== winner.id);
      expect(rest).toHaveLength(entries.length - 1);
      for (const r of rest) expect(r).toMatchObject({ status: "active", payment: "unpaid", orderNumber: null });
      return winner.id;
    }

    it(
      `sells the grinder's last unit once among 50 simultaneous checkouts, ${ROUNDS} times`,
      async () => {
        const grinder = await demoProduct(db(), t().coffee.id, DEMO.grinder);
        for (let round = 0; round < ROUNDS; round++) {
          await db().update(products).set({ stock: 1 }).where(eq(products.id, grinder.id));
          const entries = await shoppersWithCarts(db(), t().coffee, 50, () => ({
            productId: grinder.id,
            priceId: grinder.priceId,
            quantity: 1,
          }));
          const answers = await race(t().coffee, entries);
          expect(tally(answers), `round ${round}`).toEqual({
            ok: 1,
            serverErrors: 0,
            codes: { "409 SP:MerchandiseItemInsufficientStock": 49 },
          });
          for (const a of answers) if (a.error) expect(a.error.details).toEqual({ available: 0 });
          expectOverlap();
          const [{ stock }] = await db()
            .select({ stock: products.stock })
            .from(products)
            .where(eq(products.id, grinder.id));
          expect(stock).toBe(0);
          await expectOneOrder(entries, answers, "pay_on_site");
        }
      },
      ROUND_TIMEOUT,
    );

    it(
      `books the last seat of a massage slot once among 50 simultaneous checkouts, ${ROUNDS} times`,
      async () => {
        const massage = await demoProduct(db(), t().spa.id, DEMO.massage);
        for (let round = 0; round < ROUNDS; round++) {
          const from = at(t().now, 1 + round, 14);
          // The slot has two seats; one is taken already.
          await db()
            .insert(bookings)
            .values({
              tenantId: t().spa.id,
              productId: massage.id,
              startsAt: new Date(from),
              endsAt: new Date(Date.parse(from) + 3_600_000),
              seats: 1,
            });
          const entries = await shoppersWithCarts(db(), t().spa, 50, () => ({
            productId: massage.id,
            priceId: massage.priceId,
            quantity: 1,
            reservationDateFrom: from,
          }));
          const answers = await race(t().spa, entries);
          expect(tally(answers), `round ${round}`).toEqual({
            ok: 1,
            serverErrors: 0,
            codes: { "409 SP:SlotIsNotAvailable": 49 },
          });
          for (const a of answers) if (a.error) expect(a.error.details).toEqual({ available: 0 });
          expectOverlap();
          const winner = await expectOneOrder(entries, answers, "pay_on_site");
          const slot = await db()
            .select({ seats: bookings.seats, cartId: cartItems.cartId })
            .from(bookings)
            .leftJoin(cartItems, eq(cartItems.id, bookings.cartItemId))
            .where(and(eq(bookings.productId, massage.id), eq(bookings.startsAt, new Date(from))));
          expect(slot.map((b) => b.cartId).sort()).toEqual([null, winner].sort());
          expect(slot.reduce((s, b) => s + b.seats, 0)).toBe(2);
        }
      },
      ROUND_TIMEOUT,
    );

    it(
      `redeems a single-use coupon once among 20 simultaneous checkouts, ${ROUNDS} times`,
      async () => {
        const gift = await demoProduct(db(), t().spa.id, DEMO.gift);
        for (let round = 0; round < ROUNDS; round++) {
          const code = `RACE${round}`;
          const [coupon] = await db()
            .insert(coupons)
            .values({ tenantId: t().spa.id, code, kind: "fixed", value: 5000, maxUsage: 1 })
            .returning();
          const entries = await shoppersWithCarts(
            db(),
            t().spa,
            20,
            (i) => ({
              productId: gift.id,
              priceId: gift.priceId,
              quantity: 1,
              giftDetails: { theme: "eid", toName: `Friend ${i}`, showBuyerInfo: false },
            }),
            { couponId: coupon.id, couponCode: code },
          );
          const answers = await race(t().spa, entries);
          expect(tally(answers), `round ${round}`).toEqual({
            ok: 1,
            serverErrors: 0,
            codes: { "400 SP:CouponReachedMaximumUsage": 19 },
          });
          const winner = await expectOneOrder(entries, answers, "pay_on_site");
          expect(answers.find((a) => a.status === 200)!.data).toMatchObject({ couponCode: code, discountAmount: 50 });
          const [after] = await db()
            .select({ usageCount: coupons.usageCount })
            .from(coupons)
            .where(eq(coupons.id, coupon.id));
          expect(after.usageCount).toBe(1);
          const usages = await db()
            .select({ cartId: couponUsages.cartId })
            .from(couponUsages)
            .where(eq(couponUsages.couponId, coupon.id));
          expect(usages).toEqual([{ cartId: winner }]);
        }
      },
      ROUND_TIMEOUT,
    );

    it(
      `never spends more package sessions than a package holds nor charges an unconfirmed total: 8 covered carts on a 3-session package at once, ${ROUNDS} times`,
      async () => {
        const massage = await demoProduct(db(), t().spa.id, DEMO.massage);
        const pool = await demoProduct(db(), t().spa.id, DEMO.pool);
        const bundle = await demoProduct(db(), t().spa.id, DEMO.bundle);
        // The bundle pays for massages and pool hours here: the carts then lock different product
        // rows, so only the package's own lock orders their pricing.
        await db()
          .update(products)
          .set({ packageProductIds: [massage.id, pool.id] })
          .where(eq(products.id, bundle.id));
        /** Each product's full price with tax, halalas: what a cart costs once the sessions are gone. */
        const fullPrice = { [massage.id]: 28750, [pool.id]: 17250 };
        for (let round = 0; round < ROUNDS; round++) {
          const owner = await newShopper(db(), t().spa);
          const [pkg] = await db()
            .insert(customerPackages)
            .values({
              tenantId: t().spa.id,
              customerId: owner.id,
              productId: bundle.id,
              totalSessions: 3,
              remainingSessions: 3,
            })
            .returning();
          // One customer, eight carts, each a massage or a pool hour at its own time: each one covered when read.
          const bought = (i: number) => (i % 2 ? pool : massage);
          const entries = await cartsOf(db(), t().spa, Array(8).fill(owner), (i) => ({
            productId: bought(i).id,
            priceId: bought(i).priceId,
            quantity: 1,
            reservationDateFrom: at(t().now, 25 + round, 10 + i),
            ...(i % 2 ? { reservationDateTo: at(t().now, 25 + round, 11 + i), units: 1 } : {}),
          }));
          const shown = await Promise.all(
            entries.map((e) => api.call(t().spa, "GET", `cart/${e.cartId}`, { token: owner.token })),
          );
          for (const c of shown) expect(c.data).toMatchObject({ hasPackageDiscounts: true, totalAmount: 0 });
          // Each shopper confirms the total they were shown (0 SAR), as the storefront sends it.
          const answers = await Promise.all(
            entries.map(({ shopper, cartId }) => api.submit(t().spa, shopper, cartId, { expectedTotal: 0 })),
          );
          // The completions price one after another (the customer's package rows are locked before
          // pricing), so on both databases exactly three are paid by the sessions and the five priced
          // after them, now at their full price, are refused rather than completed for an amount
          // their shoppers never confirmed.
          const result = tally(answers);
          expect(result, `round ${round}`).toEqual({ ok: 3, serverErrors: 0, codes: { "409 SP:CartTotalChanged": 5 } });
          answers.forEach(
            (a, i) => a.error && expect(a.error.details).toEqual({ expected: 0, total: fullPrice[bought(i).id] }),
          );
          const covered = answers.filter((a) => a.status === 200);
          for (const a of covered)
            expect(a.data).toMatchObject({ status: "completed", hasPackageDiscounts: true, totalAmount: 0 });
          const [after] = await db()
            .select({ remaining: customerPackages.remainingSessions })
            .from(customerPackages)
            .where(eq(customerPackages.id, pkg.id));
          expect(after.remaining).toBe(0);
          const paidBySessions = await db()
            .select({ cartId: cartItems.cartId })
            .from(cartItems)
            .where(eq(cartItems.customerPackageId, pkg.id));
          expect(paidBySessions.map((r) => r.cartId).sort()).toEqual(covered.map((a) => a.data!.id).sort());
          // The refused carts are as they were: active, unpaid, no order number, no session.
          const refused = entries.filter((e) => !covered.some((a) => a.data!.id === e.cartId)).map((e) => e.cartId);
          const left = await db()
            .select({ status: carts.status, payment: carts.paymentStatus, orderNumber: carts.orderNumber })
            .from(carts)
            .where(inArray(carts.id, refused));
          expect(left).toEqual(Array(5).fill({ status: "active", payment: "unpaid", orderNumber: null }));
          const orders = await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(carts)
            .where(
              and(
                inArray(
                  carts.id,
                  entries.map((e) => e.cartId),
                ),
                eq(carts.status, "completed"),
              ),
            );
          expect(orders[0].n).toBe(result.ok);
        }
        await db()
          .update(products)
          .set({ packageProductIds: [massage.id] })
          .where(eq(products.id, bundle.id));
      },
      ROUND_TIMEOUT,
    );
  },
  { poolSize: POOL },
);
