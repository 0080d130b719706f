import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { carts, couponUsages, coupons, customers, products } from "@/platform/db/schema";
import { seedDemo } from "@/platform/seed/demo";
import { DEMO_COUPON_CODES } from "@/platform/seed/demo-checkout";
import { DEMO_CUSTOMER_MOBILE } from "@/platform/seed/demo-accounts";
import { describeEachDb } from "./helpers/test-db";
import { DEMO } from "./helpers/demo-catalog";

describeEachDb("checkout demo data", (t) => {
  async function snapshot() {
    const { db, spa } = t();
    const [sara] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, spa.id), eq(customers.mobileNumber, DEMO_CUSTOMER_MOBILE)));
    const codes = (await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.tenantId, spa.id)))
      .map((c) => c.code)
      .sort();
    const orders = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.customerId, sara.id), eq(carts.status, "completed")));
    const [resthouse] = await db
      .select()
      .from(products)
      .where(and(eq(products.tenantId, spa.id), eq(products.nameEn, DEMO.resthouse)));
    return {
      codes,
      orders: orders.length,
      minDays: resthouse.minDaysBetweenBookings,
      resthouseId: resthouse.id,
      saraId: sara.id,
    };
  }

  it("seeds every demo coupon, the resthouse's 14 days and Sara's past orders once", async () => {
    const first = await snapshot();
    expect(first.codes).toEqual([...DEMO_COUPON_CODES].sort());
    expect(first).toMatchObject({ orders: 3, minDays: 14 });
    expect(await seedDemo(t().db, t().now)).toBe(false);
    expect(await snapshot()).toEqual(first);
  });

  it("adds what is missing to a database seeded without the checkout demo", async () => {
    const { db, spa } = t();
    const before = await snapshot();
    const past = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.customerId, before.saraId), eq(carts.status, "completed")));
    await db.delete(couponUsages).where(eq(couponUsages.tenantId, spa.id));
    await db.delete(carts).where(
      inArray(
        carts.id,
        past.map((p) => p.id),
      ),
    );
    await db.delete(coupons).where(eq(coupons.tenantId, spa.id));
    await db.update(products).set({ minDaysBetweenBookings: null }).where(eq(products.id, before.resthouseId));
    expect(await snapshot()).toMatchObject({ codes: [], orders: 0, minDays: null });
    await seedDemo(db, t().now);
    expect(await snapshot()).toEqual(before);
  });
});
