"use client";

import { useQuery } from "@tanstack/react-query";
import { CartApiError } from "@/components/cart/cart-api";
import { fetchEnvelope } from "@/lib/client-fetch";
import type { AvailabilityDto } from "@/contract/dto/catalog";

/** A day's times (with specialists: for a specialist, branch and price; left out: any), or nights from a day. */
export type AvailabilityQuery =
  | { date: string; specialistId?: string; branchId?: string; priceId?: string }
  | { from: string; days: number };

function availabilityUrl(productId: string, query: AvailabilityQuery): string {
  const fields: Record<string, string | number | undefined> = { ...query };
  const params = new URLSearchParams(
    Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
  return `/api/app/products/${encodeURIComponent(productId)}/availability?${params}`;
}

/**
 * What can be booked for a product on a day (slots, duration starts) or over a range of nights,
 * from the public platform endpoint, through TanStack Query like every other read: answers are
 * kept per query (going back to a day shows it at once), a newer day cancels the older request,
 * and an add that changes availability can invalidate ["availability", productId]. `query` null
 * means nothing to ask yet. A failure is shown with a retry button, not retried by itself.
 */
export function useAvailability(productId: string, query: AvailabilityQuery | null, locale: string) {
  const result = useQuery({
    queryKey: ["availability", productId, query, locale],
    queryFn: ({ signal }) =>
      fetchEnvelope<AvailabilityDto>(CartApiError, "GET", availabilityUrl(productId, query!), undefined, locale, {
        signal,
        credentials: "omit",
      }),
    enabled: query !== null,
    retry: false,
  });
  const error = result.error;
  return {
    data: result.data,
    errorCode: error ? (error instanceof CartApiError && error.status !== 0 ? error.code : "unknown") : undefined,
    isLoading: query !== null && result.isPending,
    retry: () => void result.refetch(),
  };
}
