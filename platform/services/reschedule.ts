import "server-only";
import { enqueueOrderMessage } from "../notify/order-messages";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { bookings, cartItems, carts, tenants } from "../db/schema";
import { notFound, PlatformError, validation } from "../errors";
import { parseChangeWindowHours, type Locale } from "@/contract/tenant-settings";
import { HOUR_MS } from "@/rules/riyadh-time";
import type { CartDto } from "@/contract/dto/cart";
import type { RescheduleInput } from "@/contract/input/cart";
import { readCart } from "./cart";
import { reservationKind } from "./availability";
import { checkLineRules, lineFromInput } from "./cart-rules";
import { bookSeats, lockProducts } from "./checkout-rules";
import { lockStaff } from "./specialists";
import type { OwnerScope } from "./own-cart";
import { isUuid } from "./ids";
import { moveReminders } from "../notify/reminders";

/**
 * POST orders/{id}/items/{itemId}/reschedule — the customer moves a booking of their placed order
 * to another time the product's rules allow, while the store's window is open (settings
 * `rescheduleWindowHours`: up to that many hours before the booking starts). The same seats, the
 * same length (hours, nights), so the same price: no money moves. In one transaction, under the
 * order's and the product's row locks: the booking is released, the new time checked as a booking
 * at checkout is (bookable, within the booking window, seats free, the product's spacing between a
 * customer's bookings), then booked. A refusal leaves the booking where it was.
 */
export async function rescheduleBooking(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  itemId: string,
  input: RescheduleInput,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  if (!isUuid(cartId) || !isUuid(itemId)) throw notFound("Booking");
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: carts.id, settings: tenants.settings })
      .from(carts)
      .innerJoin(tenants, eq(tenants.id, carts.tenantId))
      .where(
        and(
          eq(carts.tenantId, scope.tenantId),
          eq(carts.id, cartId),
          eq(carts.customerId, scope.customerId),
          eq(carts.status, "completed"),
        ),
      )
      .for("update", { of: carts });
    if (!order) throw notFound("Booking");
    const [item] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.tenantId, scope.tenantId), eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
    const held = item
      ? await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.tenantId, scope.tenantId), eq(bookings.cartItemId, item.id)))
          .orderBy(asc(bookings.startsAt))
      : [];
    if (!item || held.length === 0) throw notFound("Booking");

    const hours = parseChangeWindowHours(order.settings.rescheduleWindowHours);
    if (hours === null)
      throw new PlatformError("SP:RescheduleNotOffered", 403, "This store does not take booking changes online");
    if (now.getTime() > held[0].startsAt.getTime() - hours * HOUR_MS) {
      throw new PlatformError(
        "SP:RescheduleWindowPassed",
        409,
        `Bookings can be moved up to ${hours} hours before they start`,
        { hours },
      );
    }

    const product = (await lockProducts(tx, scope.tenantId, [item.productId])).get(item.productId);
    await lockStaff(tx, scope.tenantId, [item.productId]);
    if (!product || !reservationKind(product)) throw notFound("Booking");
    // A booking keeps its specialist and branch when it is moved.
    const keep = { specialistId: item.specialistId, branchId: item.branchId };
    const line = {
      ...lineFromInput(product, item.priceId, {
        ...input,
        productId: product.id,
        priceId: item.priceId,
        quantity: item.quantity,
        units: item.units,
        ...keep,
      }),
      id: item.id,
    };
    // Same length, same price: a stay keeps its number of nights.
    if (line.units !== item.units)
      throw validation("A booking keeps its length when it is moved", { units: `Expected ${item.units}` });
    if (line.from!.getTime() === held[0].startsAt.getTime()) return readCart(tx, scope, cartId, locale, now);
    checkLineRules(product, line, now);

    await tx.delete(bookings).where(and(eq(bookings.tenantId, scope.tenantId), eq(bookings.cartItemId, item.id)));
    await bookSeats(tx, { tenantId: scope.tenantId, customerId: scope.customerId, now }, product, line);
    await tx
      .update(cartItems)
      .set({ reservationDateFrom: line.from, reservationDateTo: line.to })
      .where(and(eq(cartItems.tenantId, scope.tenantId), eq(cartItems.id, item.id)));
    // One message per move. A move repeated (a retry, a second tab) finds the booking at its new
    // time already and is answered above, before this; the move's instant tells moves apart.
    const move = `${item.id}:${line.from!.toISOString()}:${now.toISOString()}`;
    await enqueueOrderMessage(tx, scope.tenantId, "booking_moved", move, {
      orderId: cartId,
      bookingId: item.id,
    });
    await moveReminders(tx, { tenantId: scope.tenantId, orderId: cartId, bookingId: item.id, now });
    return readCart(tx, scope, cartId, locale, now);
  });
}
