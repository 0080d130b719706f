import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { cartItems, carts } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { CartDto } from "@/contract/dto/cart";
import { readCart, visibleCart } from "./cart";
import { isUuid } from "./ids";

/**
 * Sign-in keeps the visitor's cart: a guest cart becomes the signed-in customer's. When that cart
 * is empty and the customer already has another active cart, that cart is answered instead (the
 * caller keeps the returned id), so signing in on a new device brings the customer's cart back.
 * Another customer's cart is a 404, as everywhere.
 */
export async function assignCart(
  db: Db,
  scope: { tenantId: string; customerId: string },
  cartId: string,
  locale: Locale,
): Promise<CartDto> {
  if (!isUuid(cartId)) throw notFound("Cart");
  const { tenantId, customerId } = scope;
  return db.transaction(async (tx) => {
    // Locks the row: two customers assigning one guest cart at once are served one after the other,
    // and the second no longer sees it (the condition is checked again after the lock).
    const [cart] = await tx
      .update(carts)
      .set({ updatedAt: new Date() })
      .where(visibleCart(scope, cartId))
      .returning({ status: carts.status, customerId: carts.customerId });
    if (!cart) throw notFound("Cart");
    if (cart.status !== "active")
      throw new PlatformError("SP:CartAlreadyCompleted", 400, "This cart is already completed");
    const [item] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.cartId, cartId)))
      .limit(1);
    if (!item) {
      const [other] = await tx
        .select({ id: carts.id })
        .from(carts)
        .where(
          and(
            eq(carts.tenantId, tenantId),
            eq(carts.customerId, customerId),
            eq(carts.status, "active"),
            ne(carts.id, cartId),
          ),
        )
        .orderBy(desc(carts.updatedAt))
        .limit(1);
      if (other) return readCart(tx, scope, other.id, locale);
    }
    if (cart.customerId === null)
      await tx
        .update(carts)
        .set({ customerId })
        .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId)));
    return readCart(tx, scope, cartId, locale);
  });
}

/**
 * The owner lets go of their open cart: it becomes a guest cart again, for the number they are
 * signing in with next in the same browser to take (the checkout's new number, confirmed by code).
 * Only its owner can, and only while it is open; anything else is SP:EntityNotFound.
 */
export async function releaseCart(
  db: Db,
  scope: { tenantId: string; customerId: string },
  cartId: string,
  locale: Locale,
): Promise<CartDto> {
  if (!isUuid(cartId)) throw notFound("Cart");
  const [released] = await db
    .update(carts)
    .set({ customerId: null, updatedAt: new Date() })
    .where(
      and(
        eq(carts.tenantId, scope.tenantId),
        eq(carts.id, cartId),
        eq(carts.customerId, scope.customerId),
        eq(carts.status, "active"),
      ),
    )
    .returning({ id: carts.id });
  if (!released) throw notFound("Cart");
  return readCart(db, { tenantId: scope.tenantId, customerId: null }, cartId, locale);
}
