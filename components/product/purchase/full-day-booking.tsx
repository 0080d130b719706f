"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Moon } from "lucide-react";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { formatNumber } from "@/lib/money";
import { addDays, daysBetween, monthStart, riyadhToday } from "@/rules/riyadh-time";
import { AvailabilityState } from "./availability-state";
import { closedStatus, type OpeningHoursDays } from "./booking-days";
import { CalendarField, StayNights } from "./booking-fields";
import type { DayStatus } from "./booking-days";
import { lineTotal, PriceChoice, PurchaseFooter, type WidgetProps } from "./purchase-parts";
import { useAvailability } from "./use-availability";
import { useFormatSar } from "@/components/money/sar-style";

/** The nights of the visible month that can still be asked about (the booking window cuts it). */
export function monthQuery(month: string, today: string, maxDay: string) {
  const from = month < today ? today : month;
  const last = addDays(monthStart(month, 1), -1);
  const days = daysBetween(from, last < maxDay ? last : maxDay) + 1;
  return days > 0 ? { from, days } : null;
}

/**
 * Full-day booking by the night: first night, then last night (inclusive). The platform gets the
 * last night + 1 as the exclusive end (spec §9). The calendar keeps the product's rules while
 * picking: a last night that would take the stay over a booked night, past the maximum or short
 * of the minimum is not taken, and the reason shows at once (the platform still checks at Add).
 */
export function FullDayBooking({
  productId,
  prices,
  locale,
  taxRate,
  bookingWindowDays,
  openingHours,
  minDays,
  maxDays,
  depositPercent,
}: WidgetProps & {
  bookingWindowDays: number;
  openingHours: OpeningHoursDays;
  minDays: number | null;
  maxDays: number | null;
  depositPercent: number | null;
}) {
  const t = useTranslations("product.widget");
  const sar = useFormatSar();
  const { addToCart, isPending } = useAddToCart();
  const today = riyadhToday();
  const maxDay = addDays(today, bookingWindowDays);
  const [month, setMonth] = useState(monthStart(today));
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const price = prices.find((p) => p.id === priceId);

  const availability = useAvailability(productId, monthQuery(month, today, maxDay), locale);
  const nights = availability.data?.kind === "days" ? availability.data.days : [];
  const closed = closedStatus(openingHours);
  const status = (day: string): DayStatus => {
    const night = nights.find((n) => n.date === day);
    return night && !night.available ? "booked" : closed(day);
  };

  const [refusal, setRefusal] = useState<string | null>(null);
  const select = (day: string) => {
    if (!from || to || day < from) {
      setFrom(day);
      setTo(null);
      setRefusal(null);
      return;
    }
    const n = daysBetween(from, day) + 1;
    const reason = Array.from({ length: n }, (_, i) => addDays(from, i)).some((night) => status(night) === "booked")
      ? t("rangeCrossesBooked")
      : maxDays && n > maxDays
        ? t("rangeTooLong", { max: formatNumber(maxDays, locale) })
        : minDays && n < minDays
          ? t("rangeTooShort", { min: formatNumber(minDays, locale) })
          : null;
    setRefusal(reason);
    if (!reason) setTo(day);
  };

  const count = from && to ? daysBetween(from, to) + 1 : 0;
  const total = lineTotal(price, 1, count, taxRate);
  const deposit = total !== null && depositPercent ? Math.round(total * depositPercent) / 100 : null;

  const add = async () => {
    if (!from || !to || !price) return;
    await addToCart({
      productId,
      priceId: price.id,
      quantity: 1,
      reservationDateFrom: from,
      reservationDateTo: addDays(to, 1),
    });
  };

  return (
    <div className="grid gap-5">
      <PriceChoice
        prices={prices}
        value={priceId}
        onChange={setPriceId}
        locale={locale}
        taxRate={taxRate}
        unit={t("perNight")}
      />
      <CalendarField
        label={t("stay")}
        aside={
          minDays || maxDays
            ? t("nightsRule", {
                min: formatNumber(minDays ?? 1, locale),
                max: formatNumber(maxDays ?? bookingWindowDays, locale),
              })
            : undefined
        }
        hint={!from ? t("pickFirstNight") : !to ? t("pickLastNight") : ""}
        locale={locale}
        month={month}
        onMonthChange={setMonth}
        minDay={today}
        maxDay={maxDay}
        selectedFrom={from}
        selectedTo={to}
        onSelect={select}
        status={status}
        showBookedLegend
      />
      {refusal ? (
        <p role="alert" className="rounded-lg bg-destructive-soft px-3.5 py-2.5 text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      {availability.errorCode ? (
        <AvailabilityState state={{ ...availability, isLoading: false }} isEmpty={false} emptyText="">
          {null}
        </AvailabilityState>
      ) : null}
      {from ? (
        <StayNights first={from} last={to}>
          {count > 0 ? (
            <p className="col-span-3 flex items-center gap-1.5 border-t border-border pt-2 text-foreground">
              <Moon className="size-4 text-accent" aria-hidden="true" />
              {t("nightsCount", { n: formatNumber(count, locale), count })}
            </p>
          ) : null}
        </StayNights>
      ) : null}
      <PurchaseFooter
        total={total}
        locale={locale}
        taxRate={taxRate}
        pending={isPending}
        disabled={!from || !to}
        note={
          deposit !== null
            ? t("depositNote", { amount: sar(deposit), percent: formatNumber(depositPercent ?? 0, locale) })
            : undefined
        }
        onAdd={add}
      />
    </div>
  );
}
