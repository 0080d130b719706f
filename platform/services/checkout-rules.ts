import "server-only";
import { and, asc, count, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  bookings,
  cartItems,
  customerPackages,
  customerSubscriptions,
  products,
  type OnlineMethod,
} from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { dayStart, today } from "../time";
import { DAY_MS } from "@/rules/riyadh-time";
import { addDays } from "@/rules/riyadh-time";
import { toTenantConfig, type SettingsMap } from "@/contract/tenant-settings";
import type { SubmitPaymentMethod } from "@/contract/input/checkout";
import { PAY_LATER_METHODS } from "@/payment-providers/profiles";
import { checkCapacity, checkLineRules, lineOfItem, type CartLine } from "./cart-rules";
import type { CartTotals } from "./cart-totals";
import { reservationKind } from "./availability";
import type { ProductRow } from "./catalog";
import { assignSpecialist, productStaff } from "./specialists";

/**
 * The rules an order is completed under, applied line by line inside the completion transaction
 * after the products' rows are locked (lockProducts, in id order), so that the stock and
 * seats counted here cannot change before the transaction commits.
 */

type ItemRow = typeof cartItems.$inferSelect;
export type OrderContext = { tenantId: string; customerId: string; now: Date };

/**
 * Locks the cart's products in id order (every order takes them in the same order: no deadlock).
 * NO KEY UPDATE: completions of one product queue behind each other, while adding it to a cart
 * (whose foreign key only takes KEY SHARE) does not wait for them.
 */
export async function lockProducts(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, ProductRow>> {
  const rows = await tx
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, [...new Set(ids)])))
    .orderBy(asc(products.id))
    .for("no key update");
  return new Map(rows.map((p) => [p.id, p]));
}

/** Checks one line again as it would be added now, then takes what it buys: stock, seats, a subscription. */
export async function fulfilLine(
  tx: Tx,
  ctx: OrderContext,
  product: ProductRow | undefined,
  item: ItemRow,
): Promise<void> {
  if (!product || !product.isActive) throw notFound("Product");
  const line = lineOfItem(item);
  checkLineRules(product, line, ctx.now);
  if (product.typeString === "merchandise") return takeStock(tx, ctx, product, line.quantity);
  if (reservationKind(product)) return bookSeats(tx, ctx, product, line);
  if (product.typeString === "subscription") return subscribe(tx, ctx, product, line);
}

/** Conditional decrement: 0 rows means another order took the stock first. */
async function takeStock(tx: Tx, ctx: OrderContext, product: ProductRow, quantity: number) {
  if (product.stock === null) return;
  const [left] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.tenantId, ctx.tenantId), eq(products.id, product.id), gte(products.stock, quantity)))
    .returning({ stock: products.stock });
  if (!left) {
    const [now] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.tenantId, ctx.tenantId), eq(products.id, product.id)));
    throw new PlatformError("SP:MerchandiseItemInsufficientStock", 409, "Not enough stock", {
      available: Math.max(0, now?.stock ?? 0),
    });
  }
}

/**
 * Seats are counted from bookings under the product's row lock (this order's earlier lines
 * included, they are bookings already), then booked. A customer's bookings of a product with
 * minDaysBetweenBookings must start at least that many days apart.
 */
export async function bookSeats(tx: Tx, ctx: OrderContext, product: ProductRow, line: CartLine) {
  const from = line.from!;
  const gap = product.minDaysBetweenBookings;
  if (gap && gap > 0) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.tenantId, ctx.tenantId),
          eq(bookings.productId, product.id),
          eq(bookings.customerId, ctx.customerId),
          gt(bookings.startsAt, new Date(from.getTime() - gap * DAY_MS)),
          lt(bookings.startsAt, new Date(from.getTime() + gap * DAY_MS)),
        ),
      );
    if (n > 0)
      throw new PlatformError(
        "SP:NextReservationPeriodNotMet",
        400,
        `Bookings of this product must be at least ${gap} days apart`,
        { days: gap },
      );
  }
  // Read once: the capacity check and the assignment below both need the product's staff.
  const staff = reservationKind(product) === "slots" ? await productStaff(tx, ctx.tenantId, product.id) : null;
  await checkCapacity(tx, ctx.tenantId, product, line, [], staff ?? undefined);
  // With specialists (their rows locked by lockStaff): the one who serves it, kept on the line too.
  const served =
    staff && staff.specialists.length > 0
      ? await assignSpecialist(
          tx,
          ctx.tenantId,
          staff,
          product,
          { specialistId: line.specialistId, branchId: line.branchId },
          line.priceId,
          line.quantity,
          from,
          line.to!,
        )
      : { specialistId: null, branchId: null };
  await tx.insert(bookings).values({
    tenantId: ctx.tenantId,
    productId: product.id,
    cartItemId: line.id,
    customerId: ctx.customerId,
    startsAt: from,
    endsAt: line.to!,
    seats: line.quantity,
    ...served,
  });
  if (served.specialistId && line.id)
    await tx
      .update(cartItems)
      .set(served)
      .where(and(eq(cartItems.tenantId, ctx.tenantId), eq(cartItems.id, line.id)));
}

/** perCustomerLimit counts the customer's active, not yet ended subscriptions of the product. */
async function subscribe(tx: Tx, ctx: OrderContext, product: ProductRow, line: CartLine) {
  if (product.perCustomerLimit !== null) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(customerSubscriptions)
      .where(
        and(
          eq(customerSubscriptions.tenantId, ctx.tenantId),
          eq(customerSubscriptions.customerId, ctx.customerId),
          eq(customerSubscriptions.productId, product.id),
          eq(customerSubscriptions.status, "active"),
          gte(customerSubscriptions.endsOn, today(ctx.now)),
        ),
      );
    if (n + line.quantity > product.perCustomerLimit) {
      throw new PlatformError("SP:SubscriptionLimitExceeded", 400, "The subscription limit for this plan is reached", {
        limit: product.perCustomerLimit,
      });
    }
  }
  const startsOn = line.subscriptionStartDate!;
  const endsOn = addDays(startsOn, Math.max(1, product.subscriptionDays ?? 30) - 1);
  const copies = Array.from({ length: line.quantity });
  await tx.insert(customerSubscriptions).values(
    copies.map(() => ({
      tenantId: ctx.tenantId,
      customerId: ctx.customerId,
      productId: product.id,
      cartItemId: line.id,
      startsOn,
      endsOn,
    })),
  );
  const sessions = product.hasPackage ? (product.packageSessions ?? 0) : 0;
  if (sessions > 0) {
    const expiresAt = dayStart(addDays(endsOn, 1));
    await tx.insert(customerPackages).values(
      copies.map(() => ({
        tenantId: ctx.tenantId,
        customerId: ctx.customerId,
        productId: product.id,
        totalSessions: sessions,
        remainingSessions: sessions,
        expiresAt,
        cartItemId: line.id,
      })),
    );
  }
}

/** What a cart can be paid with: the submit methods and the online ones (CARD is the store's card form, whichever provider's). */
export type CheckoutMethod = SubmitPaymentMethod | OnlineMethod;

/**
 * Spec §5/§9 on the platform: a method must be enabled (text "True"); cash is also allowed for a
 * zero total, but never for a cart with a deposit when disableCODForDeposit is set; every other
 * method is amount-based (total > 0). CARD needs VISA or MADA enabled.
 */
export function checkPaymentMethod(
  settings: SettingsMap,
  method: CheckoutMethod,
  totals: Pick<CartTotals, "totalAmount" | "depositAmount">,
): void {
  const config = toTenantConfig(settings);
  const enabled = config.enabledPaymentMethods as readonly string[];
  const allowed =
    method === "CASH"
      ? (enabled.includes("CASH") || totals.totalAmount === 0) &&
        !(config.disableCODForDeposit && totals.depositAmount > 0)
      : (method === "CARD" ? enabled.includes("VISA") || enabled.includes("MADA") : enabled.includes(method)) &&
        totals.totalAmount > 0;
  if (!allowed)
    throw new PlatformError("SP:PaymentMethodNotAllowed", 400, "This payment method is not available for this order", {
      paymentMethod: method,
    });
}

/** Spec §9: a pay-later method charges the full total; card and Apple Pay the amount to pay now (deposits). */
export function amountDue(
  method: OnlineMethod,
  totals: Pick<CartTotals, "totalAmount" | "amountToBePaid" | "giftCardAmount">,
): number {
  return (PAY_LATER_METHODS as readonly string[]).includes(method)
    ? totals.totalAmount - totals.giftCardAmount
    : totals.amountToBePaid;
}

/**
 * Spec §5 on the platform too, so that no client can skip it: below the tenant's minimum order
 * (whole riyals) an order completes only when package sessions pay for part of it.
 */
export function checkCartMinimum(settings: SettingsMap, totalAmount: number, hasPackageDiscounts: boolean): void {
  const minimum = toTenantConfig(settings).cartMinimumAmount;
  if (minimum !== null && !hasPackageDiscounts && totalAmount < minimum * 100) {
    throw new PlatformError("SP:CartMinimumAmountNotMet", 400, "The order is below the store's minimum", { minimum });
  }
}
