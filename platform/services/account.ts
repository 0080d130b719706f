import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { bookings, carts, customerPackages, customerSubscriptions, products } from "../db/schema";
import { riyadhDay } from "../time";
import type { Locale } from "@/contract/tenant-settings";
import type { OrderSummaryDto, ReservationDto, ReservationsDto, SubscriptionDto } from "@/contract/dto/account";
import { readCart } from "./cart";
import { localized } from "./catalog";

type Conn = Db | Tx;

const productColumns = {
  id: products.id,
  nameAr: products.nameAr,
  nameEn: products.nameEn,
  images: products.images,
  isFullDayBooking: products.isFullDayBooking,
};

/**
 * GET customer/reservations — the caller's bookings. A booking is upcoming until it ends (one in
 * progress is still upcoming); full-day bookings end on the checkout day, shown minus one day.
 */
export async function listReservations(
  db: Conn,
  tenantId: string,
  customerId: string,
  locale: Locale,
  now = new Date(),
): Promise<ReservationsDto> {
  const rows = await db
    .select({ booking: bookings, product: productColumns })
    .from(bookings)
    .innerJoin(products, and(eq(products.id, bookings.productId), eq(products.tenantId, bookings.tenantId)))
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.customerId, customerId)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  const toDto = ({ booking: b, product: p }: (typeof rows)[number]): ReservationDto => ({
    id: b.id,
    productId: p.id,
    productName: localized(locale, p.nameAr, p.nameEn),
    productImage: p.images[0] ?? null,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    isFullDayBooking: p.isFullDayBooking,
    seats: b.seats,
  });
  const upcoming = rows.filter((r) => r.booking.endsAt > now).map(toDto);
  const past = rows
    .filter((r) => r.booking.endsAt <= now)
    .reverse()
    .map(toDto);
  return { upcoming, past };
}

function subscriptionStatus(
  stored: string,
  startsOn: string,
  endsOn: string,
  today: string,
): SubscriptionDto["status"] {
  if (stored === "cancelled") return "cancelled";
  if (endsOn < today) return "expired";
  if (startsOn > today) return "upcoming";
  return "active";
}

/**
 * GET customer/subscriptions — the caller's subscriptions, latest start first. A package product's
 * subscription carries the sessions of the customer's package of that product (the latest one
 * when they bought it more than once).
 */
export async function listSubscriptions(
  db: Conn,
  tenantId: string,
  customerId: string,
  locale: Locale,
  now = new Date(),
): Promise<SubscriptionDto[]> {
  const [subs, packages] = await Promise.all([
    db
      .select({ sub: customerSubscriptions, product: { ...productColumns, hasPackage: products.hasPackage } })
      .from(customerSubscriptions)
      .innerJoin(
        products,
        and(eq(products.id, customerSubscriptions.productId), eq(products.tenantId, customerSubscriptions.tenantId)),
      )
      .where(and(eq(customerSubscriptions.tenantId, tenantId), eq(customerSubscriptions.customerId, customerId)))
      .orderBy(desc(customerSubscriptions.startsOn), asc(customerSubscriptions.id)),
    db
      .select({
        productId: customerPackages.productId,
        total: customerPackages.totalSessions,
        left: customerPackages.remainingSessions,
      })
      .from(customerPackages)
      .where(and(eq(customerPackages.tenantId, tenantId), eq(customerPackages.customerId, customerId)))
      .orderBy(asc(customerPackages.createdAt)),
  ]);
  // Later rows overwrite earlier ones: the latest package of each product wins.
  const packageOf = new Map(packages.map((p) => [p.productId, p]));
  const today = riyadhDay(now);
  return subs.map(({ sub, product }) => {
    const pkg = product.hasPackage ? packageOf.get(product.id) : undefined;
    return {
      id: sub.id,
      productId: product.id,
      productName: localized(locale, product.nameAr, product.nameEn),
      productImage: product.images[0] ?? null,
      startsOn: sub.startsOn,
      endsOn: sub.endsOn,
      status: subscriptionStatus(sub.status, sub.startsOn, sub.endsOn, today),
      ...(pkg ? { packageSessionsLeft: pkg.left, packageSessionsTotal: pkg.total } : {}),
    };
  });
}

/** How many of the latest orders the list shows. */
export const ORDERS_LISTED = 50;

/** GET customer/orders — the caller's completed orders, newest first, each read as its order page reads it. */
export async function listOrders(
  db: Conn,
  tenantId: string,
  customerId: string,
  locale: Locale,
): Promise<OrderSummaryDto[]> {
  const rows = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.customerId, customerId), eq(carts.status, "completed")))
    .orderBy(desc(carts.completedAt), desc(carts.id))
    .limit(ORDERS_LISTED);
  const scope = { tenantId, customerId };
  const orders = await Promise.all(rows.map((r) => readCart(db, scope, r.id, locale)));
  return orders.map((o) => ({
    id: o.id,
    orderNumber: o.orderNumber,
    completedAt: o.completedAt ?? "",
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    totalAmount: o.totalAmount,
    amountToBePaid: o.amountToBePaid,
    hasPackageDiscounts: o.hasPackageDiscounts,
    money: o.money,
    items: o.cartItems.map((i) => ({
      name: i.product.name,
      typeString: i.product.typeString,
      image: i.product.images[0] ?? null,
      quantity: i.quantity,
    })),
  }));
}
