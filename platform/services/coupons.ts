import "server-only";
import type { Db } from "../db/client";
import { PlatformError, validation } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { CartDto } from "@/contract/dto/cart";
import type { SalesChannel } from "@/contract/input/checkout";
import type { ApplyCouponInput } from "@/contract/input/checkout";
import { loadCartLines, priceCart, tenantPricing } from "./cart-pricing";
import { checkCoupon, checkCouponWindow, findCoupon } from "./coupon-rules";
import { changeOwnCart, setCart, setOwnCart, type OwnerScope } from "./own-cart";

/**
 * POST cart/{id}/coupon: one coupon per cart (remove it before applying another; the same code
 * again answers the cart unchanged), signed in only.
 * Every rule is checked now against the cart as it is; usage is counted when the order completes.
 */
export async function applyCoupon(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  input: ApplyCouponInput,
  channel: SalesChannel,
  locale: Locale,
  now = new Date(),
): Promise<CartDto & { code: string }> {
  if (input.customerId && input.customerId !== scope.customerId) {
    throw new PlatformError("SP:Forbidden", 403, "A coupon can only be applied for the signed-in customer");
  }
  if (input.cartId !== undefined && input.cartId !== cartId)
    throw validation("The body's cartId is not the cart in the path", { cartId: "Not this cart" });
  const cart = await changeOwnCart(db, scope, cartId, locale, now, async (tx, cart) => {
    // One intent, one effect: the code already on the cart (a second tab, a repeated tap) answers the cart as it is.
    if (cart.couponCode && cart.couponCode.toLowerCase() === input.couponCode.trim().toLowerCase()) return;
    if (cart.couponId)
      throw new PlatformError(
        "SP:CouponAlreadyExists",
        400,
        "A coupon is already applied to this cart; remove it first",
      );
    const coupon = await findCoupon(tx, scope.tenantId, input.couponCode);
    const rows = await loadCartLines(tx, scope.tenantId, cart.id);
    const pricing = await priceCart(tx, {
      tenantId: scope.tenantId,
      cart,
      rows,
      ...(await tenantPricing(tx, scope.tenantId)),
      locale,
      now,
    });
    await checkCoupon(tx, coupon, {
      customerId: scope.customerId,
      channel,
      now,
      lines: pricing.couponLines,
      cartAmount: pricing.cartAmount,
    });
    await setCart(tx, scope, cart.id, { couponId: coupon.id, couponCode: coupon.code });
  });
  return { ...cart, code: cart.couponCode ?? input.couponCode };
}

/** DELETE cart/{id}/coupon: a cart without a coupon answers unchanged. */
export function removeCoupon(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  return setOwnCart(db, scope, cartId, locale, now, { couponId: null, couponCode: null });
}

/** GET coupons/{code}: the code as the store spells it, when it exists and is active now. */
export async function checkCouponCode(
  db: Db,
  tenantId: string,
  code: string,
  now = new Date(),
): Promise<{ code: string }> {
  const coupon = await findCoupon(db, tenantId, code);
  checkCouponWindow(coupon, now);
  return { code: coupon.code };
}
