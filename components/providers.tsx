"use client";

import { useEffect, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { CartSheetHost } from "@/components/cart/cart-sheet-host";
import { setToasterMount } from "@/components/toast";
import { replayEarlyTap } from "@/lib/early-taps";
import { SarStyleContext } from "@/components/money/sar-style";
import type { SarStyle } from "@/lib/money";

const Toaster = dynamic(() => import("@/components/toaster").then((m) => m.Toaster), { ssr: false });

/** The toaster, mounted when the first toast asks for it (sonner is not in the first load). */
function LazyToaster({ dir }: { dir: "rtl" | "ltr" }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => setToasterMount(() => setWanted(true)), []);
  return wanted ? <Toaster dir={dir} /> : null;
}

/** Spec §7: query results are fresh for 60 seconds. */
export const QUERY_STALE_TIME_MS = 60_000;

/**
 * The client-side services every page shares: the query cache, the toaster and the cart sheet
 * (whose code loads on its first opening). Mounted once in the [site]/[locale] layout, inside
 * NextIntlClientProvider; the page's server components pass through as children.
 */
export function Providers({ children, sarStyle }: { children: ReactNode; /** How the store writes the currency (a tenant setting). */ sarStyle: SarStyle }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: 1 } } }),
  );
  const dir = useLocale() === "ar" ? "rtl" : "ltr";
  // After every effect of the header's buttons: a tap that came before hydration now reaches them.
  useEffect(() => void replayEarlyTap(), []);
  return (
    <QueryClientProvider client={client}>
      <SarStyleContext value={sarStyle}>
        {children}
        <CartSheetHost />
        <LazyToaster dir={dir} />
      </SarStyleContext>
    </QueryClientProvider>
  );
}
