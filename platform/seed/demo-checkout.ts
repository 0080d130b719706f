import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { dayStart, riyadhDay, riyadhDayStart } from "../time";
import { monthStart } from "@/rules/riyadh-time";
import { DEMO_CUSTOMER_MOBILE } from "./demo-accounts";

// The checkout side of the demo: coupons that show every coupon code of spec §8, the resthouse's
// 14 days between a customer's bookings, and Sara's past orders (which used coupons).
// Idempotent: run after every seedDemo, also on a database seeded without them.

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo coupons on `spa` and the code each shows:
 * RELAX10 10% off massages · WELCOME50 50 SAR off from 200 SAR (SP:CouponMinimumCartAmountNotMet
 * below) · ONCE single use in total (SP:CouponReachedMaximumUsage once redeemed) · USEDUP already
 * redeemed to its maximum · EXPIRED (SP:CouponExpired) · INACTIVE and SOON, which starts next month
 * (SP:CouponIsNotActive) · APPONLY (SP:CouponOnlyForMobileApp) · WEBONLY (SP:CouponOnlyForWebsite
 * from the mobile channel) · VIP, Sara only (SP:CustomerNotApplicableForCoupon) · OIL20, the oil
 * only (SP:CouponNotApplicable without it) · FIRSTVISIT, once per customer, used by Sara
 * (SP:CouponUsageAlreadyExists) · TWICE, twice per customer, used twice by Sara
 * (SP:CustomerExceededCouponUsage).
 */
export const DEMO_COUPON_CODES = [
  "RELAX10",
  "WELCOME50",
  "ONCE",
  "USEDUP",
  "EXPIRED",
  "INACTIVE",
  "SOON",
  "APPONLY",
  "WEBONLY",
  "VIP",
  "OIL20",
  "FIRSTVISIT",
  "TWICE",
] as const;

type Product = typeof s.products.$inferSelect;

export async function seedCheckoutDemo(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [spa] = await tx.select({ id: s.tenants.id }).from(s.tenants).where(eq(s.tenants.slug, "spa")).limit(1);
    if (!spa) return;
    const t = spa.id;
    // Serialises concurrent boots: the rest reads, then writes only what is missing.
    const [sara] = await tx
      .select()
      .from(s.customers)
      .where(and(eq(s.customers.tenantId, t), eq(s.customers.mobileNumber, DEMO_CUSTOMER_MOBILE)))
      .for("update");
    const all = await tx.select().from(s.products).where(eq(s.products.tenantId, t));
    const byName = (nameEn: string) => all.find((p) => p.nameEn === nameEn)!;
    const massage = byName("60-minute relaxing massage");
    const oil = byName("Lavender massage oil");
    const resthouse = byName("Rimal resthouse — by the night");
    const gift = byName("Gift card");

    await tx
      .update(s.products)
      .set({ minDaysBetweenBookings: 14 })
      .where(and(eq(s.products.id, resthouse.id), isNull(s.products.minDaysBetweenBookings)));

    const nextMonth = dayStart(monthStart(riyadhDay(now), 1));
    const coupon = (code: string, values: Partial<typeof s.coupons.$inferInsert> = {}) => ({
      tenantId: t,
      code,
      kind: "percentage" as const,
      value: 10,
      ...values,
    });
    await tx
      .insert(s.coupons)
      .values([
        coupon("RELAX10", { productIds: [massage.id] }),
        coupon("WELCOME50", { kind: "fixed", value: 5000, minCartAmount: 20000 }),
        coupon("ONCE", { value: 15, maxUsage: 1 }),
        coupon("USEDUP", { kind: "fixed", value: 2000, maxUsage: 50, usageCount: 50 }),
        coupon("EXPIRED", { startsAt: new Date(now.getTime() - 60 * DAY), endsAt: new Date(now.getTime() - DAY) }),
        coupon("INACTIVE", { isActive: false }),
        coupon("SOON", { value: 20, startsAt: nextMonth }),
        coupon("APPONLY", { value: 15, channel: "mobile" }),
        coupon("WEBONLY", { channel: "website" }),
        coupon("VIP", { value: 20, customerIds: sara ? [sara.id] : [] }),
        coupon("OIL20", { value: 20, productIds: [oil.id] }),
        coupon("FIRSTVISIT", { value: 10, perCustomerUsage: 1 }),
        coupon("TWICE", { value: 5, perCustomerUsage: 2 }),
      ])
      .onConflictDoNothing({ target: [s.coupons.tenantId, s.coupons.code] });

    if (!sara) return;
    const [past] = await tx
      .select({ id: s.carts.id })
      .from(s.carts)
      .where(and(eq(s.carts.tenantId, t), eq(s.carts.customerId, sara.id), eq(s.carts.status, "completed")))
      .limit(1);
    if (!past) await seedPastOrders(tx as unknown as Db, t, sara, { massage, oil, gift }, now);
  });
}

/** Sara's completed orders: her past massage (FIRSTVISIT), the oil and a gift card (TWICE, twice). */
async function seedPastOrders(
  db: Db,
  t: string,
  sara: typeof s.customers.$inferSelect,
  p: { massage: Product; oil: Product; gift: Product },
  now: Date,
) {
  const codes = await db.select().from(s.coupons).where(eq(s.coupons.tenantId, t));
  const code = (c: string) => codes.find((x) => x.code === c)!;
  const price = async (product: Product) =>
    (
      await db
        .select()
        .from(s.productPrices)
        .where(eq(s.productPrices.productId, product.id))
        .orderBy(s.productPrices.sortOrder)
    )[0];
  const pastMassageAt = new Date(riyadhDayStart(now, -5).getTime() + 11 * 60 * 60 * 1000);
  const orders = [
    {
      coupon: code("FIRSTVISIT"),
      orderNumber: "R7K2QD",
      daysAgo: 6,
      product: p.massage,
      line: {
        reservationDateFrom: pastMassageAt,
        reservationDateTo: new Date(pastMassageAt.getTime() + 60 * 60 * 1000),
      },
    },
    { coupon: code("TWICE"), orderNumber: "R7M4XA", daysAgo: 20, product: p.oil, line: {} },
    {
      coupon: code("TWICE"),
      orderNumber: "R7P9TB",
      daysAgo: 40,
      product: p.gift,
      line: { giftDetails: { theme: "thanks", toName: "Noura", fromName: "Sara", showBuyerInfo: true } },
    },
  ];
  for (const o of orders) {
    const completedAt = new Date(now.getTime() - o.daysAgo * DAY);
    const [cart] = await db
      .insert(s.carts)
      .values({
        tenantId: t,
        customerId: sara.id,
        couponId: o.coupon.id,
        couponCode: o.coupon.code,
        status: "completed",
        paymentMethod: "CASH",
        paymentStatus: "pay_on_site",
        orderNumber: o.orderNumber,
        customerName: sara.name,
        customerMobile: sara.mobileNumber,
        completedAt,
        createdAt: completedAt,
        updatedAt: completedAt,
      })
      .returning();
    const [item] = await db
      .insert(s.cartItems)
      .values({
        tenantId: t,
        cartId: cart.id,
        productId: o.product.id,
        priceId: (await price(o.product)).id,
        createdAt: completedAt,
        ...o.line,
      })
      .returning();
    if (o.product.id === p.massage.id) {
      await db
        .update(s.bookings)
        .set({ cartItemId: item.id })
        .where(
          and(eq(s.bookings.tenantId, t), eq(s.bookings.customerId, sara.id), eq(s.bookings.startsAt, pastMassageAt)),
        );
    }
    await db
      .insert(s.couponUsages)
      .values({ tenantId: t, couponId: o.coupon.id, cartId: cart.id, customerId: sara.id, createdAt: completedAt });
  }
  for (const c of ["FIRSTVISIT", "TWICE"]) {
    const n = orders.filter((o) => o.coupon.code === c).length;
    await db
      .update(s.coupons)
      .set({ usageCount: n })
      .where(eq(s.coupons.id, code(c).id));
  }
}
