import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { CartDto } from "@/contract/dto/cart";
import { readCart } from "./cart";
import type { CartRow } from "./cart-pricing";
import { isUuid } from "./ids";

/**
 * Checkout calls act on the signed-in customer's own cart only: another customer's cart and a
 * guest cart (assigned at sign-in, see cart-assign) answer 404, as a missing cart does.
 */
export type OwnerScope = { tenantId: string; customerId: string };

export const alreadyCompleted = () =>
  new PlatformError("SP:CartAlreadyCompleted", 400, "This cart is already completed");

/**
 * Locks the caller's cart row for the rest of the transaction (concurrent checkout calls on one
 * cart run one after the other) and answers it; a completed cart is SP:CartAlreadyCompleted.
 */
export async function lockOwnActiveCart(tx: Tx, scope: OwnerScope, cartId: string): Promise<CartRow> {
  const [cart] = isUuid(cartId)
    ? await tx
        .update(carts)
        .set({ updatedAt: new Date() })
        .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cartId), eq(carts.customerId, scope.customerId)))
        .returning()
    : [];
  if (!cart) throw notFound("Cart");
  if (cart.status !== "active") throw alreadyCompleted();
  return cart;
}

/** Sets columns of the caller's active cart and answers the cart after it. */
export function setOwnCart(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  locale: Locale,
  now: Date,
  values: Partial<typeof carts.$inferInsert>,
): Promise<CartDto> {
  return changeOwnCart(db, scope, cartId, locale, now, (tx, cart) => setCart(tx, scope, cart.id, values));
}

/** Sets columns of a cart the caller holds (locked by lockOwnActiveCart). */
export async function setCart(
  tx: Tx,
  scope: OwnerScope,
  cartId: string,
  values: Partial<typeof carts.$inferInsert>,
): Promise<void> {
  await tx
    .update(carts)
    .set(values)
    .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cartId)));
}

/** Runs a change on the caller's active cart in one transaction and answers the cart after it. */
export function changeOwnCart(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  locale: Locale,
  now: Date,
  change: (tx: Tx, cart: CartRow) => Promise<void>,
): Promise<CartDto> {
  return db.transaction(async (tx) => {
    const cart = await lockOwnActiveCart(tx, scope, cartId);
    await change(tx, cart);
    return readCart(tx, scope, cartId, locale, now);
  });
}
