import { SAR_NAME, sarParts, type SarStyle } from "@/lib/money";

/**
 * A price on its own (a line, a total): the same text as formatSar, with the currency given its
 * spoken name — "ريال سعودي" / "Saudi riyal" — where screen readers don't know the new sign (or
 * would spell the letters). Server and client components alike render it (no hooks).
 */
export function Sar({ amount, locale, style }: { amount: number; locale: string; style: SarStyle }) {
  const [before, symbol, after] = sarParts(amount, locale, style);
  return (
    <>
      {before}
      <span role="img" aria-label={SAR_NAME[locale === "ar" ? "ar" : "en"]}>
        {symbol}
      </span>
      {after}
    </>
  );
}
