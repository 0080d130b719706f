"use client";

import { useState } from "react";
import { addDays, monthStart, riyadhToday } from "@/contract/riyadh-time";
import { closedStatus, firstOpenDay, type OpeningHoursDays } from "./booking-days";
import type { DayCalendarProps } from "./day-calendar";
import { useAvailability } from "./use-availability";

/**
 * The day-then-time part shared by slot and duration bookings: the first open day is chosen at
 * once (its times load with the page), picking another day clears the time.
 */
export function useBookingDay(productId: string, openingHours: OpeningHoursDays, bookingWindowDays: number, locale: string) {
  const today = riyadhToday();
  const status = closedStatus(openingHours);
  const [date, setDate] = useState(() => firstOpenDay(today, status));
  const [month, setMonth] = useState(() => monthStart(firstOpenDay(today, status)));
  const [timeFrom, setTimeFrom] = useState<string | null>(null);
  const availability = useAvailability(productId, { date }, locale);
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
