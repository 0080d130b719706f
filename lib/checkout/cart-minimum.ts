import type { CartDto } from "@/contract/dto/cart";
import type { TenantConfig } from "@/contract/tenant-settings";

/**
 * Spec §5: Continue is disabled while the tenant's minimum order (cartMinimumAmount, whole riyals)
 * is above the cart's total, unless package sessions pay for part of it.
 */
export function isBelowCartMinimum(
  config: Pick<TenantConfig, "cartMinimumAmount" | "taxRate">,
  cart: Pick<CartDto, "totalAmount" | "hasPackageDiscounts" | "fees">,
): boolean {
  // The minimum is on the goods, as the platform counts it: a delivery fee (with its VAT) does not lift a cart over it.
  const fees = cart.fees.reduce((s, f) => s + f.amount, 0) * config.taxRate;
  const goods = Math.round((cart.totalAmount - fees) * 100) / 100;
  return config.cartMinimumAmount !== null && config.cartMinimumAmount > goods && !cart.hasPackageDiscounts;
}
