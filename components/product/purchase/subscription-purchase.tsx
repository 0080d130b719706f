"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { formatNumber } from "@/lib/money";
import { addDays, monthStart, riyadhToday } from "@/rules/riyadh-time";
import { formatDay } from "@/lib/day-format";
import { CalendarField } from "./booking-fields";
import { lineTotal, PriceChoice, PurchaseFooter, type WidgetProps } from "./purchase-parts";

// How far ahead a subscription may start; the platform has no rule for it, so the page offers a season.
const START_WINDOW_DAYS = 90;

/** Subscription (or package): the start day, today by default, and the price. */
export function SubscriptionPurchase({
  productId,
  prices,
  locale,
  taxRate,
  durationDays,
}: WidgetProps & { durationDays: number | null }) {
  const t = useTranslations("product.widget");
  const { addToCart, isPending } = useAddToCart();
  const today = riyadhToday();
  const [start, setStart] = useState(today);
  const [month, setMonth] = useState(monthStart(today));
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const price = prices.find((p) => p.id === priceId);

  const add = async () => {
    if (!price) return;
    await addToCart({ productId, priceId: price.id, quantity: 1, subscriptionStartDate: start });
  };

  return (
    <div className="grid gap-5">
      <PriceChoice prices={prices} value={priceId} onChange={setPriceId} locale={locale} taxRate={taxRate} />
      <CalendarField
        label={t("startDate")}
        locale={locale}
        month={month}
        onMonthChange={setMonth}
        minDay={today}
        maxDay={addDays(today, START_WINDOW_DAYS)}
        selectedFrom={start}
        onSelect={setStart}
      />
      <p className="rounded-lg bg-muted px-3.5 py-3 text-sm" aria-live="polite">
        {durationDays
          ? t("subscriptionPeriod", {
              start: formatDay(start, locale, { day: "numeric", month: "long" }),
              end: formatDay(addDays(start, durationDays - 1), locale, {
                day: "numeric",
                month: "long",
                year: "numeric",
              }),
              days: formatNumber(durationDays, locale),
            })
          : t("startsOn", { start: formatDay(start, locale, { weekday: "long", day: "numeric", month: "long" }) })}
      </p>
      <PurchaseFooter
        total={lineTotal(price, 1, 1, taxRate)}
        locale={locale}
        taxRate={taxRate}
        pending={isPending}
        disabled={!price}
        onAdd={add}
      />
    </div>
  );
}
