import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { couponUsages, coupons } from "../db/schema";
import { PlatformError, validation } from "../errors";
import { percentOf } from "../money";
import type { SalesChannel } from "@/contract/input/checkout";
import { allocateDiscount } from "./cart-totals";

type Conn = Db | Tx;
export type CouponRow = typeof coupons.$inferSelect;

/**
 * Coupon rules (spec §8 codes), each from one field of the coupon. Checked when a coupon is
 * applied and again when the order completes; the usage counters are only moved at completion.
 */

const refuse = (code: string, message: string, details?: Record<string, unknown>) =>
  new PlatformError(code, 400, message, details);

/** The x-sales-channel header: absent ⇒ website (the storefront); anything but website/mobile ⇒ 400. */
export function parseSalesChannel(header: string | null): SalesChannel {
  const value = (header ?? "").trim().toLowerCase();
  if (value === "" || value === "website") return "website";
  if (value === "mobile") return "mobile";
  throw validation("x-sales-channel must be website or mobile", { "x-sales-channel": "Expected website or mobile" });
}

/** The tenant's coupon with this code, compared case-insensitively. */
export async function findCoupon(conn: Conn, tenantId: string, code: string): Promise<CouponRow> {
  const [row] = await conn
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), sql`lower(${coupons.code}) = lower(${code.trim()})`))
    .limit(1);
  if (!row) throw refuse("SP:CouponNotFound", "There is no coupon with this code");
  return row;
}

export async function couponById(conn: Conn, tenantId: string, id: string): Promise<CouponRow | null> {
  const [row] = await conn
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, id)))
    .limit(1);
  return row ?? null;
}

/** Switched off or not started yet ⇒ not active; past its end ⇒ expired. */
export function checkCouponWindow(coupon: CouponRow, now: Date): void {
  if (!coupon.isActive || (coupon.startsAt && coupon.startsAt > now))
    throw refuse("SP:CouponIsNotActive", "This coupon is not active");
  if (coupon.endsAt && coupon.endsAt <= now) throw refuse("SP:CouponExpired", "This coupon has expired");
}

/** Channel (website only / mobile app only / both) and the customers it is reserved for. */
export function checkCouponAudience(coupon: CouponRow, customerId: string, channel: SalesChannel): void {
  if (coupon.channel === "mobile" && channel !== "mobile")
    throw refuse("SP:CouponOnlyForMobileApp", "This coupon can only be used in the mobile app");
  if (coupon.channel === "website" && channel !== "website")
    throw refuse("SP:CouponOnlyForWebsite", "This coupon can only be used on the website");
  if (coupon.customerIds && coupon.customerIds.length > 0 && !coupon.customerIds.includes(customerId)) {
    throw refuse("SP:CustomerNotApplicableForCoupon", "This coupon is not available for this customer");
  }
}

/** Completed orders of this customer that used the coupon (usages are recorded only at completion). */
async function customerUses(conn: Conn, coupon: CouponRow, customerId: string): Promise<number> {
  const [{ n }] = await conn
    .select({ n: count() })
    .from(couponUsages)
    .where(
      and(
        eq(couponUsages.tenantId, coupon.tenantId),
        eq(couponUsages.couponId, coupon.id),
        eq(couponUsages.customerId, customerId),
      ),
    );
  return n;
}

/**
 * Total and per-customer usage. A single-use-per-customer coupon (perCustomerUsage 1) already
 * redeemed by this customer is SP:CouponUsageAlreadyExists; a coupon allowing several uses per
 * customer, all used, is SP:CustomerExceededCouponUsage.
 */
export async function checkCouponUsage(conn: Conn, coupon: CouponRow, customerId: string): Promise<void> {
  if (coupon.maxUsage !== null && coupon.usageCount >= coupon.maxUsage)
    throw refuse("SP:CouponReachedMaximumUsage", "This coupon has reached its usage limit");
  await checkCustomerUsage(conn, coupon, customerId);
}

async function checkCustomerUsage(conn: Conn, coupon: CouponRow, customerId: string): Promise<void> {
  if (coupon.perCustomerUsage === null) return;
  const used = await customerUses(conn, coupon, customerId);
  if (used < coupon.perCustomerUsage) return;
  if (coupon.perCustomerUsage === 1) throw refuse("SP:CouponUsageAlreadyExists", "You have already used this coupon");
  throw refuse("SP:CustomerExceededCouponUsage", "You have used this coupon the maximum number of times", {
    perCustomerUsage: coupon.perCustomerUsage,
  });
}

/** A line as the coupon sees it: its product, and what it still costs after package coverage. */
export type CouponLine = { productId: string; base: number };

const applies = (coupon: CouponRow, productId: string) => !coupon.productIds || coupon.productIds.includes(productId);

/** The cart has an item the coupon applies to, and reaches its minimum (halalas before tax, after packages). */
export function checkCouponCart(coupon: CouponRow, lines: CouponLine[], cartAmount: number): void {
  if (!lines.some((l) => applies(coupon, l.productId)))
    throw refuse("SP:CouponNotApplicable", "This coupon does not apply to the items in the cart");
  if (coupon.minCartAmount !== null && cartAmount < coupon.minCartAmount) {
    throw refuse("SP:CouponMinimumCartAmountNotMet", "The cart is below this coupon's minimum amount", {
      minimumAmount: coupon.minCartAmount / 100,
    });
  }
}

/** Every rule, in the order a shopper can act on them; `cartAmount` as in checkCouponCart. */
export async function checkCoupon(
  conn: Conn,
  coupon: CouponRow,
  ctx: { customerId: string; channel: SalesChannel; now: Date; lines: CouponLine[]; cartAmount: number },
): Promise<void> {
  checkCouponWindow(coupon, ctx.now);
  checkCouponAudience(coupon, ctx.customerId, ctx.channel);
  await checkCouponUsage(conn, coupon, ctx.customerId);
  checkCouponCart(coupon, ctx.lines, ctx.cartAmount);
}

/**
 * The coupon's discount for each line: a percentage of (or a fixed amount off) the total of the
 * lines it applies to, never more than that total, shared over those lines by their amounts.
 */
export function couponLineDiscounts(coupon: CouponRow, lines: CouponLine[]): number[] {
  const bases = lines.map((l) => (applies(coupon, l.productId) ? l.base : 0));
  const base = bases.reduce((s, b) => s + b, 0);
  const discount = Math.min(
    coupon.kind === "percentage"
      ? percentOf(base, Math.min(Math.max(coupon.value, 0), 100))
      : Math.max(coupon.value, 0),
    base,
  );
  return allocateDiscount(discount, bases);
}

/**
 * Records a use at completion: the total count moves only while it is below the maximum (a
 * conditional update — concurrent orders cannot redeem the last use twice), then the per-customer
 * count is checked under that row lock, and the use is recorded.
 */
export async function redeemCoupon(tx: Tx, coupon: CouponRow, cartId: string, customerId: string): Promise<void> {
  const [moved] = await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} + 1` })
    .where(
      and(
        eq(coupons.tenantId, coupon.tenantId),
        eq(coupons.id, coupon.id),
        sql`(${coupons.maxUsage} is null or ${coupons.usageCount} < ${coupons.maxUsage})`,
      ),
    )
    .returning({ id: coupons.id });
  if (!moved) throw new PlatformError("SP:CouponReachedMaximumUsage", 400, "This coupon has reached its usage limit");
  await checkCustomerUsage(tx, coupon, customerId);
  await tx.insert(couponUsages).values({ tenantId: coupon.tenantId, couponId: coupon.id, cartId, customerId });
}
