"use client";

import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import type { CartDto } from "@/contract/dto/cart";
import { totalRows } from "./cart-totals";
import { useSarStyle } from "@/components/money/sar-style";
import { Sar } from "@/components/money/sar";

/** The platform's amounts, row by row; dimmed while a change is on its way. */
export function CartTotalsList({ cart, updating }: { cart: CartDto; updating: boolean }) {
  const t = useTranslations("cart");
  const locale = useLocale();
  const sarStyle = useSarStyle();
  return (
    <section aria-labelledby="cart-totals-title" aria-busy={updating} className="rounded-xl bg-card p-4 shadow-soft">
      <h3 id="cart-totals-title" className="mb-2 font-sans text-sm font-semibold">
        {t("totals.title")}
      </h3>
      <dl className={cn("space-y-1.5 text-sm transition-opacity", updating && "opacity-60")}>
        {totalRows(cart).map((row) => (
          <div
            key={row.id}
            className={cn(
              "flex items-baseline justify-between gap-4",
              row.emphasis && "border-t border-border pt-2 text-base font-semibold",
            )}
          >
            <dt className={cn(!row.emphasis && "text-muted-foreground")}>
              {row.labelKey ? t(row.labelKey) : row.label}
            </dt>
            <dd className={cn("tabular", row.negative && "text-success")}>
              {row.negative ? "−" : ""}
              <Sar amount={row.amount} locale={locale} style={sarStyle} />
            </dd>
          </div>
        ))}
      </dl>
      {updating && <p className="sr-only">{t("totals.updating")}</p>}
    </section>
  );
}
