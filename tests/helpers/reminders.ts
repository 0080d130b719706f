import { and, asc, eq, sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Db } from "@/platform/db/client";
import { customerMessages } from "@/platform/db/schema";
import type { CartDto } from "@/contract/dto/cart";
import type { TestDb } from "./test-db";
import { at, DEMO, dayAhead, demoProduct } from "./demo-catalog";
import { checkoutApi, type Shopper } from "./checkout";

/** An order's booking reminders as the outbox holds them, soonest first. */
export async function remindersOf(db: Db, orderId: string) {
  const rows = await db
    .select()
    .from(customerMessages)
    .where(and(eq(customerMessages.kind, "booking_reminder"), sql`${customerMessages.params}->>'orderId' = ${orderId}`))
    .orderBy(asc(customerMessages.sendAt), asc(customerMessages.dedupeKey));
  return rows.map((r) => ({
    key: r.dedupeKey,
    sendAt: r.sendAt.toISOString(),
    status: r.status,
    to: r.to,
    locale: r.locale,
    params: r.params,
  }));
}

/** Runs `fn` with the suite's frozen clock at `instant`, then puts it back. */
export async function atClock<T>(t: () => TestDb, instant: Date | string, fn: () => Promise<T>): Promise<T> {
  vi.setSystemTime(new Date(instant));
  try {
    return await fn();
  } finally {
    vi.setSystemTime(t().now);
  }
}

/** The booking reminder suites' orders: a fresh customer's massage at (day, hour) Riyadh, paid in cash. */
export function reminderOrders(t: () => TestDb) {
  const api = checkoutApi(() => t().db);
  async function bookedMassage(day: number, hour: number): Promise<{ shopper: Shopper; order: CartDto }> {
    const m = await demoProduct(t().db, t().spa.id, DEMO.massage);
    const { shopper, cart } = await api.cartWith(t().spa, [
      { productId: m.id, priceId: m.priceId, quantity: 1, reservationDateFrom: at(t().now, day, hour) },
    ]);
    const placed = await api.submit(t().spa, shopper, cart.id);
    expect(placed.error).toBeUndefined();
    return { shopper, order: placed.data! };
  }
  /** A fresh customer's cart holding a resthouse stay of `nights` from the day `day` days ahead. */
  async function stayCart(day: number, nights: number) {
    const r = await demoProduct(t().db, t().spa.id, DEMO.resthouse);
    return api.cartWith(t().spa, [
      {
        productId: r.id,
        priceId: r.priceId,
        reservationDateFrom: dayAhead(t().now, day),
        reservationDateTo: dayAhead(t().now, day + nights),
      },
    ]);
  }
  return { api, bookedMassage, stayCart };
}
