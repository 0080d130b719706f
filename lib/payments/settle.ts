import "server-only";
import { PlatformCallError } from "@/lib/platform-client/core";
import { settleCartPayment } from "@/lib/platform-client/payments";
import type { SettlementDto, TenantRef } from "@/lib/platform-client/types";
import type { Locale } from "@/lib/tenant-config";

/**
 * The done page's settlement: the platform asks each provider about the cart's open payments
 * (the address the shopper came back with is never trusted) and completes the order when one is
 * paid. A provider or platform that cannot answer now is "not settled yet" (null), so the page
 * offers to check again rather than failing.
 */
export async function settleCartPayments(tenant: TenantRef, locale: Locale, token: string, cartId: string): Promise<SettlementDto | null> {
  try {
    return await settleCartPayment(tenant, locale, token, cartId);
  } catch (err) {
    // A session the platform refuses is the page's to handle (sign-in); anything else waits for a retry.
    if (err instanceof PlatformCallError && err.status === 401) throw err;
    console.error("[done] settling the cart's payments failed", err instanceof PlatformCallError ? err.code : err);
    return null;
  }
}
