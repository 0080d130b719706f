import "server-only";
import { PlatformCallError, platform } from "@/lib/platform-client/core";
import type { SettlementDto } from "@/contract/dto/payments";
import type { TenantRef } from "@/contract/dto/tenants";
import type { Locale } from "@/contract/tenant-settings";

/**
 * The done page's settlement: the platform asks each provider about the cart's open payments
 * (the address the shopper came back with is never trusted) and completes the order when one is
 * paid. A provider or platform that cannot answer now is "not settled yet" (null), so the page
 * offers to check again rather than failing.
 */
export async function settleCartPayments(
  tenant: TenantRef,
  locale: Locale,
  token: string,
  cartId: string,
): Promise<SettlementDto | null> {
  try {
    return await platform({ tenant, locale, token }).payments.callback({ params: { cartId } });
  } catch (err) {
    // A session the platform refuses is the page's to handle (sign-in); anything else waits for a retry.
    if (err instanceof PlatformCallError && err.status === 401) throw err;
    console.error("[done] settling the cart's payments failed", err instanceof PlatformCallError ? err.code : err);
    return null;
  }
}
