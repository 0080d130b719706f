import { and, eq, inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { TenantInfo } from "@/platform/api/router";
import { bookings, carts, cartItems, couponUsages, coupons, customerPackages, products } from "@/platform/db/schema";
import type { AddCartItemInput, CartDto } from "@/lib/platform-client/types";
import type { ApiResult } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, demoProduct } from "./helpers/demo-catalog";
import { checkoutApi, newShopper, type Shopper } from "./helpers/checkout";

/**
 * QUALITY.md's reliability targets: concurrent checkouts never oversell the last unit, double-book
 * the last seat, over-redeem a single-use coupon or over-spend a package; every loser gets a clean
 * SP: conflict, never a 5xx. On PostgreSQL the requests truly overlap (a pool of 30 connections);
 * PGlite runs one transaction at a time, which must give the same answers.
 */
const POOL = 30;

describeEachDb(
  "checkout races",
  (t) => {
    const api = checkoutApi(() => t().db);
    /**
     * Races per target on PostgreSQL, each a fresh race: 10 in the suite (the file takes ~30 s here);
     * RACE_ROUNDS=20 is QUALITY.md's measurement. PGlite runs one transaction at a time, so one
     * round shows its answers.
     */
    const rounds = () => (t().kind === "postgres" ? Number(process.env.RACE_ROUNDS ?? 10) : 1);

    /** `n` customers, each with their own cart holding `item` (set up concurrently). */
    async function carts_(tenant: TenantInfo, n: number, item: (i: number) => AddCartItemInput) {
      const shoppers = await Promise.all(Array.from({ length: n }, () => newShopper(t().db, tenant)));
      return Promise.all(shoppers.map((s, i) => api.cartWith(tenant, [item(i)], s)));
    }

    /** Fires every submit at once and sorts the answers. */
    async function race(tenant: TenantInfo, entries: { shopper: Shopper; cart: CartDto }[]) {
      const answers = await Promise.all(entries.map(({ shopper, cart }) => api.submit(tenant, shopper, cart.id)));
      return tally(answers);
    }

    function tally(answers: ApiResult<CartDto>[]) {
      const codes = new Map<string, number>();
      for (const a of answers) if (a.error) codes.set(`${a.status} ${a.error.code}`, (codes.get(`${a.status} ${a.error.code}`) ?? 0) + 1);
      return {
        ok: answers.filter((a) => a.status === 200 && a.data?.status === "completed").length,
        serverErrors: answers.filter((a) => a.status >= 500).length,
        codes: Object.fromEntries(codes),
      };
    }

    /** On PostgreSQL, evidence that the requests overlapped: the pool opened many connections. */
    function expectOverlap() {
      if (t().kind !== "postgres") return;
      const pool = (t().db as unknown as { $client: { totalCount: number } }).$client;
      expect(pool.totalCount).toBeGreaterThan(10);
    }

    it("sells the grinder's last unit once among 50 simultaneous checkouts", async () => {
      const grinder = await demoProduct(t().db, t().coffee.id, DEMO.grinder);
      for (let round = 0; round < rounds(); round++) {
        await t().db.update(products).set({ stock: 1 }).where(eq(products.id, grinder.id));
        const entries = await carts_(t().coffee, 50, () => ({ productId: grinder.id, priceId: grinder.priceId, quantity: 1 }));
        const result = await race(t().coffee, entries);
        expect(result).toEqual({ ok: 1, serverErrors: 0, codes: { "409 SP:MerchandiseItemInsufficientStock": 49 } });
        expectOverlap();
        const [{ stock }] = await t().db.select({ stock: products.stock }).from(products).where(eq(products.id, grinder.id));
        expect(stock).toBe(0);
        const ids = entries.map((e) => e.cart.id);
        const states = await t().db.select({ status: carts.status, payment: carts.paymentStatus }).from(carts).where(inArray(carts.id, ids));
        expect(states.filter((s) => s.status === "completed")).toEqual([{ status: "completed", payment: "pay_on_site" }]);
        expect(states.filter((s) => s.status === "active" && s.payment === "unpaid")).toHaveLength(49);
      }
    });

    it("books the last seat of a massage slot once among 50 simultaneous checkouts", async () => {
      const massage = await demoProduct(t().db, t().spa.id, DEMO.massage);
      for (let round = 0; round < rounds(); round++) {
        const from = at(t().now, 30 + round, 14);
        // One of the two seats is taken already.
        await t().db.insert(bookings).values({ tenantId: t().spa.id, productId: massage.id, startsAt: new Date(from), endsAt: new Date(Date.parse(from) + 3_600_000), seats: 1 });
        const entries = await carts_(t().spa, 50, () => ({ productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: from }));
        const result = await race(t().spa, entries);
        expect(result).toEqual({ ok: 1, serverErrors: 0, codes: { "409 SP:SlotIsNotAvailable": 49 } });
        expectOverlap();
        const [{ seats }] = await t()
          .db.select({ seats: sql<number>`sum(${bookings.seats})::int` })
          .from(bookings)
          .where(and(eq(bookings.productId, massage.id), eq(bookings.startsAt, new Date(from))));
        expect(seats).toBe(2);
      }
    });

    it("redeems a single-use coupon once among 20 simultaneous checkouts", async () => {
      const gift = await demoProduct(t().db, t().spa.id, DEMO.gift);
      for (let round = 0; round < Math.min(rounds(), 5); round++) {
        const code = `RACE${round}`;
        const [coupon] = await t().db.insert(coupons).values({ tenantId: t().spa.id, code, kind: "fixed", value: 5000, maxUsage: 1 }).returning();
        const entries = await carts_(t().spa, 20, (i) => ({ productId: gift.id, priceId: gift.priceId, quantity: 1, giftDetails: { theme: "eid", toName: `Friend ${i}`, showBuyerInfo: false } }));
        for (const { shopper, cart } of entries) expect((await api.applyCoupon(t().spa, shopper, cart.id, code)).error).toBeUndefined();
        const result = await race(t().spa, entries);
        expect(result).toEqual({ ok: 1, serverErrors: 0, codes: { "400 SP:CouponReachedMaximumUsage": 19 } });
        const [after] = await t().db.select().from(coupons).where(eq(coupons.id, coupon.id));
        expect(after.usageCount).toBe(1);
        expect(await t().db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id))).toHaveLength(1);
      }
    });

    it("never spends more package sessions than a package holds", async () => {
      const massage = await demoProduct(t().db, t().spa.id, DEMO.massage);
      const bundle = await demoProduct(t().db, t().spa.id, DEMO.bundle);
      const owner = await newShopper(t().db, t().spa);
      const [pkg] = await t()
        .db.insert(customerPackages)
        .values({ tenantId: t().spa.id, customerId: owner.id, productId: bundle.id, totalSessions: 3, remainingSessions: 3 })
        .returning();
      // One customer, eight carts, each a massage at its own time: all look covered before the race.
      const entries = await Promise.all(
        Array.from({ length: 8 }, (_, i) => api.cartWith(t().spa, [{ productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, 55, 10 + i) }], owner)),
      );
      for (const e of entries) expect(e.cart.hasPackageDiscounts).toBe(true);
      const answers = await Promise.all(entries.map(({ cart }) => api.submit(t().spa, owner, cart.id)));
      const result = tally(answers);
      expect(result.serverErrors).toBe(0);
      for (const code of Object.keys(result.codes)) expect(code).toBe("409 SP:NotEnoughPackageSessions");
      const [after] = await t().db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id));
      const paidBySessions = await t().db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.customerPackageId, pkg.id));
      expect(after.remainingSessions).toBe(0);
      expect(paidBySessions).toHaveLength(3);
    });
  },
  { poolSize: POOL },
);
