"use client";

import { useEffect, useState } from "react";
import type { ApiEnvelope } from "@/contract/errors";
import type { AvailabilityDto } from "@/contract/dto/catalog";

export type AvailabilityQuery = { date: string } | { from: string; days: number };

type Loaded = { data?: AvailabilityDto; errorCode?: string };

function availabilityUrl(productId: string, query: AvailabilityQuery): string {
  const params = new URLSearchParams("date" in query ? { date: query.date } : { from: query.from, days: String(query.days) });
  return `/api/app/products/${encodeURIComponent(productId)}/availability?${params}`;
}

async function load(url: string, locale: string, signal: AbortSignal): Promise<Loaded> {
  try {
    const res = await fetch(url, { headers: { accept: "application/json", "accept-language": locale }, signal });
    const payload = (await res.json().catch(() => null)) as ApiEnvelope<AvailabilityDto> | null;
    if (payload && "data" in payload && res.ok) return { data: payload.data };
    return { errorCode: payload && "error" in payload ? payload.error.code : "unknown" };
  } catch (err) {
    if (signal.aborted) throw err;
    return { errorCode: "unknown" };
  }
}

/**
 * What can be booked for a product on a day (slots, duration starts) or over a range of nights,
 * from the public platform endpoint. `query` null means nothing to ask yet. Answers are kept per
 * query while the widget lives, so going back to a day shows it at once.
 */
export function useAvailability(productId: string, query: AvailabilityQuery | null, locale: string) {
  const url = query ? availabilityUrl(productId, query) : null;
  const [results, setResults] = useState<Record<string, Loaded>>({});
  const current = url ? results[url] : undefined;
  const settled = current !== undefined;

  useEffect(() => {
    if (!url || settled) return;
    const controller = new AbortController();
    load(url, locale, controller.signal).then(
      (loaded) => setResults((r) => ({ ...r, [url]: loaded })),
      () => {},
    );
    return () => controller.abort();
  }, [url, settled, locale]);

  return {
    data: current?.data,
    errorCode: current?.errorCode,
    isLoading: !!url && !settled,
    retry: () =>
      setResults((r) => {
        if (!url) return r;
        const next = { ...r };
        delete next[url];
        return next;
      }),
  };
}
