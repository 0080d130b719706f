"use client";

import { useId, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { formatDay, formatTime } from "@/lib/day-format";
import { formatNumber } from "@/lib/money";
import { AvailabilityState } from "./availability-state";
import { DayCalendar, type DayCalendarProps } from "./day-calendar";
import type { BookingDay } from "./use-booking-day";

/**
 * A titled month calendar with the translated navigation and day-state labels; `aside` sits beside
 * the title (a rule), `hint` under it (what to tap next, announced).
 */
export function CalendarField({
  label,
  aside,
  hint,
  ...props
}: Omit<DayCalendarProps, "labels"> & { label: string; aside?: ReactNode; hint?: ReactNode }) {
  const t = useTranslations("product.widget.calendar");
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={id} className="font-sans text-sm font-medium">
          {label}
        </h3>
        {aside ? <p className="text-xs text-muted-foreground">{aside}</p> : null}
      </div>
      {hint !== undefined ? (
        <p className="mb-2 min-h-5 text-sm text-muted-foreground" aria-live="polite">
          {hint}
        </p>
      ) : null}
      <DayCalendar
        {...props}
        labels={{ previous: t("previous"), next: t("next"), booked: t("booked"), closed: t("closed") }}
      />
    </section>
  );
}

export type TimeOption = { from: string; disabled: boolean; note: string };

/** The day's start times as a grid of choices; taken ones stay visible, disabled, with their note. */
export function TimeChoice({
  legend,
  state,
  emptyText,
  options,
  value,
  onChange,
  locale,
}: {
  legend: string;
  state: { isLoading: boolean; errorCode?: string; retry: () => void };
  emptyText: string;
  options: TimeOption[];
  value: string | null;
  onChange: (from: string) => void;
  locale: string;
}) {
  const name = useId();
  return (
    <RadioGroup legend={legend}>
      <AvailabilityState state={state} emptyText={emptyText} isEmpty={options.length === 0}>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {options.map((o) => (
            <RadioCard
              key={o.from}
              name={name}
              value={o.from}
              checked={value === o.from}
              disabled={o.disabled}
              onChange={() => onChange(o.from)}
              className="flex-col items-center justify-center gap-0 px-2 py-2 text-center"
            >
              <span className="tabular font-semibold">{formatTime(o.from, locale)}</span>
              <span className="text-xs text-muted-foreground">{o.note}</span>
            </RadioCard>
          ))}
        </div>
      </AvailabilityState>
    </RadioGroup>
  );
}

type SlotAvailability = { from: string; available: number; capacity: number };

/**
 * A day's fixed slots as times to pick: a slot with fewer free seats than `seats` is disabled, and
 * each says whether it is full, how many seats are left, or that it is free.
 */
export function useSlotOptions(slots: SlotAvailability[], seats: number, locale: string): TimeOption[] {
  const t = useTranslations("product.widget");
  return slots.map((s) => ({
    from: s.from,
    disabled: s.available < seats,
    note:
      s.available <= 0
        ? t("full")
        : s.available < s.capacity
          ? t("seatsLeft", { n: formatNumber(s.available, locale), count: s.available })
          : t("available"),
  }));
}

/**
 * The day calendar and that day's times, as slot, hourly and moved bookings pick them: `day` is
 * useBookingDay's state; `onPick` runs after the time is set.
 */
export function DayAndTimeFields({
  day,
  timeLegend,
  options,
  onPick,
}: {
  day: BookingDay;
  timeLegend: string;
  options: TimeOption[];
  onPick?: (from: string) => void;
}) {
  const t = useTranslations("product.widget");
  return (
    <>
      <CalendarField label={t("date")} {...day.calendar} />
      <TimeChoice
        legend={timeLegend}
        state={day.availability}
        emptyText={t("noSlots")}
        options={options}
        value={day.timeFrom}
        locale={day.calendar.locale}
        onChange={(from) => {
          day.setTimeFrom(from);
          onPick?.(from);
        }}
      />
    </>
  );
}

/** A stay's first and last night side by side (the last "—" until chosen), and what follows them (the count). */
export function StayNights({ first, last, children }: { first: string; last: string | null; children?: ReactNode }) {
  const t = useTranslations("product.widget");
  const locale = useLocale();
  const Arrow = locale === "ar" ? ArrowLeft : ArrowRight;
  return (
    <div
      className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 rounded-lg bg-muted px-3.5 py-3 text-sm"
      aria-live="polite"
    >
      <div>
        <p className="text-xs text-muted-foreground">{t("firstNight")}</p>
        <p className="font-semibold">{formatDay(first, locale)}</p>
      </div>
      <Arrow className="size-4 text-muted-foreground" aria-hidden="true" />
      <div className="text-end">
        <p className="text-xs text-muted-foreground">{t("lastNight")}</p>
        <p className="font-semibold">{last ? formatDay(last, locale) : "—"}</p>
      </div>
      {children}
    </div>
  );
}
