import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { platformCall } from "./core";
import type { ReservationsDto, SubscriptionDto, TenantRef } from "./types";

/** The signed-in customer's bookings: upcoming (soonest first) and past (latest first); product names in `locale`. */
export function listReservations(tenant: TenantRef, locale: Locale, token: string): Promise<ReservationsDto> {
  return platformCall<ReservationsDto>(tenant, "GET", "customer/reservations", { locale, token });
}

/** The signed-in customer's subscriptions, with sessions left for packages. */
export function listSubscriptions(tenant: TenantRef, locale: Locale, token: string): Promise<SubscriptionDto[]> {
  return platformCall<SubscriptionDto[]>(tenant, "GET", "customer/subscriptions", { locale, token });
}
