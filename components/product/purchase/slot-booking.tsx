"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { DayAndTimeFields, useSlotOptions } from "./booking-fields";
import type { OpeningHoursDays } from "./booking-days";
import { lineTotal, PriceChoice, PurchaseFooter, QuantityStepper, type WidgetProps } from "./purchase-parts";
import { useBookingDay } from "./use-booking-day";
import { StaffChoice } from "./staff-choice";
import { eligibleSpecialists, someoneWorks, type StaffPick, type StaffSpec } from "./staff-days";

/** Fixed-slot reservation: a day, a time (full slots shown but disabled), seats and the price. */
export function SlotBooking({
  productId,
  prices,
  locale,
  taxRate,
  bookingWindowDays,
  openingHours,
  capacity,
  staff,
}: WidgetProps & {
  bookingWindowDays: number;
  openingHours: OpeningHoursDays;
  capacity: number;
  staff: StaffSpec | null;
}) {
  const t = useTranslations("product.widget");
  const client = useQueryClient();
  const { addToCart, isPending } = useAddToCart();
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const [picked, setPick] = useState<StaffPick>({ specialistId: null, branchId: null });
  // A specialist who doesn't give the chosen price (or work in the chosen branch) is put back to "any".
  const pick =
    staff && picked.specialistId && eligibleSpecialists(staff, picked, priceId).length === 0
      ? { ...picked, specialistId: null }
      : picked;
  const day = useBookingDay(
    productId,
    openingHours,
    bookingWindowDays,
    locale,
    staff
      ? {
          isOff: (d) => !someoneWorks(staff, pick, priceId, d),
          query: {
            priceId,
            ...(pick.specialistId ? { specialistId: pick.specialistId } : {}),
            ...(pick.branchId ? { branchId: pick.branchId } : {}),
          },
        }
      : undefined,
  );
  const { availability, timeFrom } = day;
  const [seats, setSeats] = useState(1);
  const slots = availability.data?.kind === "slots" ? availability.data.slots : [];
  const slot = slots.find((s) => s.from === timeFrom && s.available > 0);
  const price = prices.find((p) => p.id === priceId);

  // Any free seat makes a time choosable: the seats stepper then stops at what is left.
  const options = useSlotOptions(slots, 1, locale);

  const add = async () => {
    if (!slot || !price) return;
    const added = await addToCart({
      productId,
      priceId: price.id,
      quantity: seats,
      reservationDateFrom: slot.from,
      ...(staff ? pick : {}),
    });
    // Refused (the time or the specialist taken meanwhile): the times are read again, the refusal said.
    if (!added) void client.invalidateQueries({ queryKey: ["availability", productId] });
  };

  return (
    <div className="grid gap-5">
      <PriceChoice prices={prices} value={priceId} onChange={setPriceId} locale={locale} taxRate={taxRate} />
      {staff ? (
        <StaffChoice
          staff={staff}
          pick={pick}
          priceId={priceId}
          locale={locale}
          onChange={(next) => {
            setPick(next);
            day.setTimeFrom(null);
          }}
        />
      ) : null}
      <DayAndTimeFields
        day={day}
        timeLegend={t("time")}
        options={options}
        onPick={(from) => {
          const chosen = slots.find((s) => s.from === from);
          if (chosen) setSeats((n) => Math.min(n, chosen.available));
        }}
      />
      {capacity > 1 ? (
        <QuantityStepper
          label={t("seats")}
          value={seats}
          onChange={setSeats}
          max={slot?.available ?? capacity}
          locale={locale}
        />
      ) : null}
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
