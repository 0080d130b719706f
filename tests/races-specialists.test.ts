import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { bookings, carts, productPrices, products, specialists } from "@/platform/db/schema";
import type { CartDto } from "@/contract/dto/cart";
import type { ApiResult } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";
import { at } from "./helpers/demo-catalog";
import { checkoutApi, shoppersWithCarts, type ShopperCart } from "./helpers/checkout";

/**
 * The race suite, specialists' side: 50 checkouts at once, repeated, on PostgreSQL truly
 * overlapping (and on PGlite one after the other, with the same answers).
 *   - The same specialist's last seat: one winner; the 49 others SP:ProviderIsNotAvailable (other
 *     specialists are free then, so it is the person who is taken, not the time).
 *   - "Any specialist" with two free: two winners, one on each — never two on one person — and 48
 *     SP:SlotIsNotAvailable.
 *   - One specialist booked through two products at once (25 checkouts of each): one winner; the
 *     products' own row locks don't meet, the specialist's does (without it, two could win on PostgreSQL).
 * A product of the spa of its own: a one-seat session per specialist, no room limit, three
 * specialists working around the clock.
 */
const ROUNDS = 10;
const ROUND_TIMEOUT = 180_000;

describeEachDb(
  "races: specialists",
  (t) => {
    const api = checkoutApi(() => t().db);
    const db = () => t().db;

    async function setup() {
      const tenantId = t().spa.id;
      const [product] = await db()
        .insert(products)
        .values({
          tenantId,
          typeString: "reservation",
          nameAr: "جلسة",
          nameEn: "Race session",
          slotMinutes: 60,
          capacity: 1,
          openingHours: null,
          bookingWindowDays: 60,
        })
        .returning();
      const [price] = await db()
        .insert(productPrices)
        .values({ tenantId, productId: product.id, nameAr: "جلسة", nameEn: "Session", amount: 10000 })
        .returning();
      const allDay = Object.fromEntries(
        Array.from({ length: 7 }, (_, d) => [String(d), ["00:00", "24:00"] as [string, string]]),
      );
      const people = await db()
        .insert(specialists)
        .values(
          ["A", "B", "C"].map((n, i) => ({
            tenantId,
            nameAr: n,
            nameEn: n,
            productIds: [product.id],
            workingHours: allDay,
            sortOrder: i,
          })),
        )
        .returning();
      return { product, price, people };
    }

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
    const race = (entries: ShopperCart[]) =>
      Promise.all(entries.map(({ shopper, cartId }) => api.submit(t().spa, shopper, cartId)));
    const slotBookings = (productId: string, from: string) =>
      db()
        .select({ specialistId: bookings.specialistId, seats: bookings.seats })
        .from(bookings)
        .where(and(eq(bookings.productId, productId), eq(bookings.startsAt, new Date(from))));

    it(
      `the same specialist's last seat goes to one of 50 checkouts, the rest told the specialist is taken, ${ROUNDS} times`,
      async () => {
        const { product, price, people } = await setup();
        for (let round = 0; round < ROUNDS; round++) {
          const from = at(t().now, 2 + round, 9);
          const entries = await shoppersWithCarts(db(), t().spa, 50, () => ({
            productId: product.id,
            priceId: price.id,
            quantity: 1,
            reservationDateFrom: from,
            specialistId: people[0].id,
          }));
          const answers = await race(entries);
          expect(tally(answers), `round ${round}`).toEqual({
            ok: 1,
            serverErrors: 0,
            codes: { "409 SP:ProviderIsNotAvailable": 49 },
          });
          expect(await slotBookings(product.id, from)).toEqual([{ specialistId: people[0].id, seats: 1 }]);
          const done = await db()
            .select({ id: carts.id })
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
          expect(done).toHaveLength(1);
        }
      },
      ROUND_TIMEOUT,
    );

    it(
      `"any specialist" with two free: two of 50 checkouts win, one on each, ${ROUNDS} times`,
      async () => {
        const { product, price, people } = await setup();
        for (let round = 0; round < ROUNDS; round++) {
          const from = at(t().now, 2 + round, 11);
          // C is taken at that time; A and B are free.
          await db()
            .insert(bookings)
            .values({
              tenantId: t().spa.id,
              productId: product.id,
              specialistId: people[2].id,
              startsAt: new Date(from),
              endsAt: new Date(Date.parse(from) + 3_600_000),
              seats: 1,
            });
          const entries = await shoppersWithCarts(db(), t().spa, 50, () => ({
            productId: product.id,
            priceId: price.id,
            quantity: 1,
            reservationDateFrom: from,
          }));
          const answers = await race(entries);
          expect(tally(answers), `round ${round}`).toEqual({
            ok: 2,
            serverErrors: 0,
            codes: { "409 SP:SlotIsNotAvailable": 48 },
          });
          const held = (await slotBookings(product.id, from)).map((b) => b.specialistId).sort();
          expect(held).toEqual([people[0].id, people[1].id, people[2].id].sort());
          const named = answers
            .filter((a) => a.status === 200)
            .map((a) => a.data!.cartItems[0].specialist!.id)
            .sort();
          expect(named).toEqual([people[0].id, people[1].id].sort());
        }
      },
      ROUND_TIMEOUT,
    );

    it(
      `one specialist booked through two products by 50 checkouts at once: one winner, ${ROUNDS} times`,
      async () => {
        const { product, price, people } = await setup();
        const [other] = await db()
          .insert(products)
          .values({
            tenantId: t().spa.id,
            typeString: "reservation",
            nameAr: "جلسة أخرى",
            nameEn: "Race session 2",
            slotMinutes: 60,
            capacity: 1,
            openingHours: null,
          })
          .returning();
        const [otherPrice] = await db()
          .insert(productPrices)
          .values({ tenantId: t().spa.id, productId: other.id, nameAr: "جلسة", nameEn: "Session", amount: 10000 })
          .returning();
        await db()
          .update(specialists)
          .set({ productIds: [product.id, other.id] })
          .where(eq(specialists.id, people[0].id));
        for (let round = 0; round < ROUNDS; round++) {
          const from = at(t().now, 2 + round, 13);
          const entries = await shoppersWithCarts(db(), t().spa, 50, (i) =>
            i % 2 === 0
              ? {
                  productId: product.id,
                  priceId: price.id,
                  quantity: 1,
                  reservationDateFrom: from,
                  specialistId: people[0].id,
                }
              : {
                  productId: other.id,
                  priceId: otherPrice.id,
                  quantity: 1,
                  reservationDateFrom: from,
                  specialistId: people[0].id,
                },
          );
          const answers = await race(entries);
          const result = tally(answers);
          expect({ ok: result.ok, serverErrors: result.serverErrors }, `round ${round}`).toEqual({
            ok: 1,
            serverErrors: 0,
          });
          // The first product has other specialists free then (the person is taken); A alone serves the second (the time is).
          answers.forEach((a, i) => {
            if (a.status !== 200)
              expect(a.error!.code).toBe(i % 2 === 0 ? "SP:ProviderIsNotAvailable" : "SP:SlotIsNotAvailable");
          });
          const held = await db()
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.specialistId, people[0].id), eq(bookings.startsAt, new Date(from))));
          expect(held).toHaveLength(1);
        }
      },
      ROUND_TIMEOUT,
    );
  },
  { poolSize: 30 },
);
