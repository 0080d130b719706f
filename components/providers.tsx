"use client";

import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { CartSheetHost } from "@/components/cart/cart-sheet-host";
import { Toaster } from "@/components/toaster";

/** Spec §7: query results are fresh for 60 seconds. */
export const QUERY_STALE_TIME_MS = 60_000;

/**
 * The client-side services every page shares: the query cache, the toaster and the cart sheet
 * (whose code loads on its first opening). Mounted once in the [site]/[locale] layout, inside
 * NextIntlClientProvider; the page's server components pass through as children.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: 1 } } }),
  );
  const dir = useLocale() === "ar" ? "rtl" : "ltr";
  return (
    <QueryClientProvider client={client}>
      {children}
      <CartSheetHost />
      <Toaster dir={dir} />
    </QueryClientProvider>
  );
}
