"use client";

import { useEffect, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { CartSheetHost } from "@/components/cart/cart-sheet-host";
import { loadToaster, setToasterMount, toasterMounted } from "@/components/toast";
import type { Toaster as ToasterComponent } from "@/components/toaster";
import { replayEarlyTap } from "@/lib/early-taps";
import { SarStyleContext } from "@/components/money/sar-style";
import type { SarStyle } from "@/lib/money";

/**
 * The toaster, mounted when the first toast asks for it (sonner is not in the first load). Its
 * code is fetched ahead once the page has settled, so that a toast saying the connection dropped
 * can still show; a load that fails throws nothing (components/toast.ts tries again).
 */
function LazyToaster({ dir }: { dir: "rtl" | "ltr" }) {
  const [Toaster, setToaster] = useState<typeof ToasterComponent | null>(null);
  useEffect(() => {
    setToasterMount((m) => setToaster(() => m.Toaster));
    // Mounted once for the page's life (the layout's): nothing to cancel.
    setTimeout(() => loadToaster().catch(() => {}), 4000);
  }, []);
  // After the toaster's and sonner's own effects (children first): sonner is listening by then.
  useEffect(() => {
    if (Toaster) toasterMounted();
  }, [Toaster]);
  return Toaster ? <Toaster dir={dir} /> : null;
}

/** Spec §7: query results are fresh for 60 seconds. */
export const QUERY_STALE_TIME_MS = 60_000;

/**
 * The client-side services every page shares: the query cache, the toaster and the cart sheet
 * (whose code loads on its first opening). Mounted once in the [site]/[locale] layout, inside
 * NextIntlClientProvider; the page's server components pass through as children.
 */
export function Providers({
  children,
  sarStyle,
}: {
  children: ReactNode /** How the store writes the currency (a tenant setting). */;
  sarStyle: SarStyle;
}) {
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
