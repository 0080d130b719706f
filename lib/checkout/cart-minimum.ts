import type { CartDto } from "@/contract/dto/cart";
import type { TenantConfig } from "@/contract/tenant-settings";

/**
 * Spec §5: Continue is disabled while the tenant's minimum order (cartMinimumAmount, whole riyals)
 * is above the cart's total, unless package sessions pay for part of it.
 */
export function isBelowCartMinimum(
  config: Pick<TenantConfig, "cartMinimumAmount">,
  cart: Pick<CartDto, "totalAmount" | "hasPackageDiscounts">,
): boolean {
  return config.cartMinimumAmount !== null && config.cartMinimumAmount > cart.totalAmount && !cart.hasPackageDiscounts;
}
