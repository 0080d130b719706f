"use client";

import { useState } from "react";
import { addDays, monthStart, riyadhToday } from "@/rules/riyadh-time";
import { closedStatus, firstOpenDay, type DayStatus, type OpeningHoursDays } from "./booking-days";
import type { DayCalendarProps } from "./day-calendar";
import { useAvailability } from "./use-availability";

/**
 * The day-then-time part shared by slot and duration bookings: the first open day is chosen at
 * once (its times load with the page), picking another day clears the time. With specialists,
 * `staff.isOff` greys out the days nobody the choice allows works (a choice that closes the chosen
 * day moves it to the first open one) and `staff.query` narrows the times to the choice.
 */
export function useBookingDay(
  productId: string,
  openingHours: OpeningHoursDays,
  bookingWindowDays: number,
  locale: string,
  staff?: { isOff: (day: string) => boolean; query: { specialistId?: string; branchId?: string; priceId?: string } },
) {
  const today = riyadhToday();
  const base = closedStatus(openingHours);
  const isOff = staff?.isOff;
  const status = (day: string): DayStatus => base(day) ?? (isOff?.(day) ? "closed" : undefined);
  const [chosen, setDate] = useState(() => firstOpenDay(today, status));
  const date = status(chosen) === "closed" ? firstOpenDay(today, status) : chosen;
  const [month, setMonth] = useState(() => monthStart(firstOpenDay(today, status)));
  const [timeFrom, setTimeFrom] = useState<string | null>(null);
  const availability = useAvailability(productId, { date, ...staff?.query }, locale);
  const calendar: Omit<DayCalendarProps, "labels"> = {
    locale,
    month,
    onMonthChange: setMonth,
    minDay: today,
    maxDay: addDays(today, bookingWindowDays),
    selectedFrom: date,
    onSelect: (day) => {
      setDate(day);
      setTimeFrom(null);
    },
    status,
  };
  return { calendar, availability, timeFrom, setTimeFrom };
}

export type BookingDay = ReturnType<typeof useBookingDay>;
