"use client";

import { createContext, useContext } from "react";
import { useLocale } from "next-intl";
import { formatSar, type SarStyle } from "@/lib/money";

/** The store's way of writing the currency for client components (Providers sets it from the layout). */
export const SarStyleContext = createContext<SarStyle>("sign");

/** The store's currency style, for client components. */
export const useSarStyle = () => useContext(SarStyleContext);

/** formatSar in the page's language and the store's currency style, for client components. */
export function useFormatSar(): (amount: number) => string {
  const locale = useLocale();
  const style = useSarStyle();
  return (amount: number) => formatSar(amount, locale, style);
}
