"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { DayAndTimeFields, useSlotOptions } from "./booking-fields";
import type { OpeningHoursDays } from "./booking-days";
import { lineTotal, PriceChoice, PurchaseFooter, QuantityStepper, type WidgetProps } from "./purchase-parts";
import { useBookingDay } from "./use-booking-day";

/** Fixed-slot reservation: a day, a time (full slots shown but disabled), seats and the price. */
export function SlotBooking({ productId, prices, locale, taxRate, bookingWindowDays, openingHours, capacity }: WidgetProps & { bookingWindowDays: number; openingHours: OpeningHoursDays; capacity: number }) {
  const t = useTranslations("product.widget");
  const { addToCart, isPending } = useAddToCart();
  const day = useBookingDay(productId, openingHours, bookingWindowDays, locale);
  const { availability, timeFrom } = day;
  const [seats, setSeats] = useState(1);
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const slots = availability.data?.kind === "slots" ? availability.data.slots : [];
  const slot = slots.find((s) => s.from === timeFrom && s.available > 0);
  const price = prices.find((p) => p.id === priceId);

  // Any free seat makes a time choosable: the seats stepper then stops at what is left.
  const options = useSlotOptions(slots, 1, locale);

  const add = async () => {
    if (!slot || !price) return;
    await addToCart({ productId, priceId: price.id, quantity: seats, reservationDateFrom: slot.from });
  };

  return (
    <div className="grid gap-5">
      <PriceChoice prices={prices} value={priceId} onChange={setPriceId} locale={locale} taxRate={taxRate} />
      <DayAndTimeFields
        day={day}
        timeLegend={t("time")}
        options={options}
        onPick={(from) => {
          const chosen = slots.find((s) => s.from === from);
          if (chosen) setSeats((n) => Math.min(n, chosen.available));
        }}
      />
      {capacity > 1 ? <QuantityStepper label={t("seats")} value={seats} onChange={setSeats} max={slot?.available ?? capacity} locale={locale} /> : null}
      <PurchaseFooter
        total={lineTotal(price, seats, 1, taxRate)}
        locale={locale}
        taxRate={taxRate}
        pending={isPending}
        disabled={!slot || !(seats > 0)}
        note={!slot ? t("chooseTimeFirst") : undefined}
        onAdd={add}
      />
    </div>
  );
}
