"use client";

import { useQuery } from "@tanstack/react-query";
import { StoreApiError } from "@/lib/client-fetch";
import { publicReads } from "@/lib/store-client/public-reads";

/** A day's times (with specialists: for a specialist, branch and price; left out: any), or nights from a day. */
export type AvailabilityQuery =
  | { date: string; specialistId?: string; branchId?: string; priceId?: string }
  | { from: string; days: number };

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
    queryFn: ({ signal }) => publicReads.availability({ params: { id: productId }, query: query! }, { locale, signal }),
    enabled: query !== null,
    retry: false,
  });
  const error = result.error;
  return {
    data: result.data,
    errorCode: error ? (error instanceof StoreApiError && error.status !== 0 ? error.code : "unknown") : undefined,
    isLoading: query !== null && result.isPending,
    retry: () => void result.refetch(),
  };
}
