import "server-only";
import type { Db } from "../db/client";
import type { Locale } from "@/contract/tenant-settings";
import type { CartDto } from "@/contract/dto/cart";
import { loadCartLines } from "./cart-pricing";
import { checkNoGiftForGift } from "./complete-order";
import { checkGiftCardUsable, findGiftCardByCode, limitGiftCardLookups } from "./gift-cards";
import { changeOwnCart, setCart, setOwnCart, type OwnerScope } from "./own-cart";

/**
 * POST cart/{id}/gift-card: the card of a typed code pays what its balance allows of the cart
 * (one card per cart: another code replaces it; the same code again answers the cart unchanged).
 * Its balance is taken only when the order completes. Look-ups are rate limited per customer.
 */
export async function applyGiftCard(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  code: string,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  // Counted outside the change, so that a refused guess counts too.
  await limitGiftCardLookups(db, scope.tenantId, scope.customerId, now);
  return changeOwnCart(db, scope, cartId, locale, now, async (tx, cart) => {
    checkNoGiftForGift(await loadCartLines(tx, scope.tenantId, cart.id));
    const card = await findGiftCardByCode(tx, scope.tenantId, code);
    if (card.id === cart.giftCardId) return;
    checkGiftCardUsable(card, now);
    await setCart(tx, scope, cart.id, { giftCardId: card.id });
  });
}

/** DELETE cart/{id}/gift-card: a cart without a card answers unchanged. */
export function removeGiftCard(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  return setOwnCart(db, scope, cartId, locale, now, { giftCardId: null });
}
