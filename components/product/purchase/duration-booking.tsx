"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { formatNumber } from "@/lib/money";
import { DayAndTimeFields } from "./booking-fields";
import type { OpeningHoursDays } from "./booking-days";
import { lineTotal, PriceChoice, PurchaseFooter, QuantityStepper, type WidgetProps } from "./purchase-parts";
import { useBookingDay } from "./use-booking-day";

type DurationProps = WidgetProps & {
  bookingWindowDays: number;
  openingHours: OpeningHoursDays;
  minUnits: number;
  hideDuration: boolean;
};

/**
 * Variable-duration reservation: a day, a start time and a number of hours limited by what is free
 * from that start (availability's maxUnits). With hideDuration the shortest duration is booked.
 */
export function DurationBooking({
  productId,
  prices,
  locale,
  taxRate,
  bookingWindowDays,
  openingHours,
  minUnits,
  hideDuration,
}: DurationProps) {
  const t = useTranslations("product.widget");
  const { addToCart, isPending } = useAddToCart();
  const day = useBookingDay(productId, openingHours, bookingWindowDays, locale);
  const { availability, timeFrom } = day;
  const [hours, setHours] = useState(minUnits);
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const starts = availability.data?.kind === "duration" ? availability.data.starts : [];
  const start = starts.find((s) => s.from === timeFrom && s.maxUnits > 0);
  const price = prices.find((p) => p.id === priceId);
  const units = hideDuration ? minUnits : hours;

  const options = starts.map((s) => ({
    from: s.from,
    disabled: s.maxUnits <= 0,
    note: s.maxUnits <= 0 ? t("booked") : t("upToHours", { n: formatNumber(s.maxUnits, locale), count: s.maxUnits }),
  }));

  const add = async () => {
    if (!start || !price) return;
    await addToCart({ productId, priceId: price.id, quantity: 1, reservationDateFrom: start.from, units });
  };

  return (
    <div className="grid gap-5">
      <PriceChoice
        prices={prices}
        value={priceId}
        onChange={setPriceId}
        locale={locale}
        taxRate={taxRate}
        unit={t("perHour")}
      />
      <DayAndTimeFields
        day={day}
        timeLegend={t("startTime")}
        options={options}
        onPick={(from) => {
          const chosen = starts.find((s) => s.from === from);
          if (chosen) setHours((h) => Math.min(Math.max(h, minUnits), chosen.maxUnits));
        }}
      />
      {hideDuration ? null : (
        <QuantityStepper
          label={t("duration")}
          value={hours}
          onChange={setHours}
          min={minUnits}
          max={start?.maxUnits}
          locale={locale}
          hint={t("hoursCount", { n: formatNumber(hours, locale), count: hours })}
        />
      )}
      <PurchaseFooter
        total={lineTotal(price, 1, units, taxRate)}
        locale={locale}
        taxRate={taxRate}
        pending={isPending}
        disabled={!start || !(units > 0)}
        note={!start ? t("chooseTimeFirst") : undefined}
        onAdd={add}
      />
    </div>
  );
}
