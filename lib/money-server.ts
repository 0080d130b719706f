import "server-only";
import { cache } from "react";
import { getLocale } from "next-intl/server";
import { formatSar, type SarStyle } from "./money";

/** This request's store currency style: set by loadSite (every page and layout loads its site first). */
const requestStyle = cache((): { style: SarStyle } => ({ style: "sign" }));

export function setSarStyle(style: SarStyle): void {
  requestStyle().style = style;
}

/** The store's currency style, for server components. */
export const getSarStyle = (): SarStyle => requestStyle().style;

/** formatSar in the page's language and the store's currency style, for server components. */
export async function getFormatSar(): Promise<(amount: number) => string> {
  const locale = await getLocale();
  const style = getSarStyle();
  return (amount: number) => formatSar(amount, locale, style);
}
