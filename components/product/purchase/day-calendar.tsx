"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { addDays, daysInMonth, monthStart, weekday } from "@/rules/riyadh-time";
import { formatDay } from "@/lib/day-format";
import { arrowTarget, type DayStatus } from "./booking-days";

export type DayCalendarProps = {
  locale: string;
  /** First day of the month on show (controlled, so the parent can load that month's availability). */
  month: string;
  onMonthChange: (month: string) => void;
  minDay: string;
  maxDay: string;
  selectedFrom: string | null;
  /** Range mode: the last selected day (inclusive). */
  selectedTo?: string | null;
  onSelect: (day: string) => void;
  status?: (day: string) => DayStatus;
  labels: { previous: string; next: string; booked: string; closed: string };
  /** Show what a booked day looks like under the grid (full-day bookings). */
  showBookedLegend?: boolean;
  className?: string;
};

// Any Sunday: weekday headers are derived from it, so they follow the locale.
const A_SUNDAY = "2026-11-22";

/**
 * A month grid of days (weeks start on Sunday, as in Saudi Arabia). Days outside the window or
 * closed/booked are disabled; arrow keys move between days (mirrored in RTL) across months.
 */
export function DayCalendar(props: DayCalendarProps) {
  const {
    locale,
    month,
    onMonthChange,
    minDay,
    maxDay,
    selectedFrom,
    selectedTo,
    onSelect,
    status,
    labels,
    showBookedLegend,
    className,
  } = props;
  const grid = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const rtl = locale === "ar";

  const length = daysInMonth(month);
  const lead = weekday(month);
  const days = Array.from({ length }, (_, i) => addDays(month, i));
  const canPrev = month > monthStart(minDay);
  const canNext = monthStart(month, 1) <= maxDay;
  const title = formatDay(month, locale, { month: "long", year: "numeric" });
  const headers = Array.from({ length: 7 }, (_, i) =>
    formatDay(addDays(A_SUNDAY, i), locale, { weekday: rtl ? "narrow" : "short" }),
  );

  const isDisabled = (day: string) => day < minDay || day > maxDay || status?.(day) !== undefined;
  const rangeEnd = selectedTo ?? selectedFrom;
  const focusable =
    selectedFrom && selectedFrom.startsWith(month.slice(0, 7))
      ? selectedFrom
      : (days.find((d) => !isDisabled(d)) ?? month);

  useEffect(() => {
    if (!pendingFocus.current) return;
    // The day the arrows went to, or — when it turned out not to be choosable — the month's own tab stop.
    const target = grid.current?.querySelector<HTMLButtonElement>(`[data-day="${pendingFocus.current}"]`);
    (target && !target.disabled ? target : grid.current?.querySelector<HTMLButtonElement>('[tabindex="0"]'))?.focus();
    pendingFocus.current = null;
  }, [month]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 7, ArrowUp: -7 }[e.key];
    if (!step) return;
    e.preventDefault();
    const target = arrowTarget(day, step, minDay, maxDay, isDisabled);
    if (!target) return;
    if (!target.startsWith(month.slice(0, 7))) {
      pendingFocus.current = target;
      onMonthChange(monthStart(target));
      return;
    }
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${target}"]`)?.focus();
  };

  return (
    <div className={cn("select-none", className)}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={labels.previous}
          disabled={!canPrev}
          onClick={() => onMonthChange(monthStart(month, -1))}
        >
          {rtl ? <ChevronRight aria-hidden="true" /> : <ChevronLeft aria-hidden="true" />}
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          {title}
        </p>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={labels.next}
          disabled={!canNext}
          onClick={() => onMonthChange(monthStart(month, 1))}
        >
          {rtl ? <ChevronLeft aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        </Button>
      </div>
      <div className="grid grid-cols-7 text-center text-xs font-medium text-muted-foreground" aria-hidden="true">
        {headers.map((h, i) => (
          <span key={i} className="py-1">
            {h}
          </span>
        ))}
      </div>
      <div ref={grid} className="grid grid-cols-7 gap-y-1">
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {days.map((day) => {
          const dayStatus = status?.(day);
          const disabled = isDisabled(day);
          const isStart = day === selectedFrom;
          const isEnd = !!selectedTo && day === rangeEnd;
          const inRange = !!selectedFrom && !!rangeEnd && day > selectedFrom && day < rangeEnd;
          const selected = isStart || isEnd;
          const note = dayStatus === "booked" ? labels.booked : dayStatus === "closed" ? labels.closed : undefined;
          return (
            <div
              key={day}
              className={cn(
                "flex justify-center",
                inRange && "bg-primary-soft",
                isStart && selectedTo && selectedTo !== selectedFrom && "rounded-s-full bg-primary-soft",
                isEnd && selectedTo !== selectedFrom && "rounded-e-full bg-primary-soft",
              )}
            >
              <button
                type="button"
                data-day={day}
                tabIndex={day === focusable ? 0 : -1}
                disabled={disabled}
                aria-pressed={selected || inRange}
                aria-label={[formatDay(day, locale, { weekday: "long", day: "numeric", month: "long" }), note]
                  .filter(Boolean)
                  .join(rtl ? "، " : ", ")}
                onClick={() => onSelect(day)}
                onKeyDown={(e) => onKeyDown(e, day)}
                className={cn(
                  "tabular relative flex size-10 items-center justify-center rounded-full text-sm transition-colors",
                  "hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                  "disabled:cursor-not-allowed disabled:text-muted-foreground/45 disabled:hover:bg-transparent",
                  dayStatus === "booked" && "bg-destructive-soft/70 line-through disabled:text-destructive/75",
                  selected && "bg-primary font-semibold text-primary-foreground hover:bg-primary-hover",
                )}
              >
                {formatDay(day, locale, { day: "numeric" })}
              </button>
            </div>
          );
        })}
      </div>
      {showBookedLegend ? (
        <p className="mt-2 flex items-center gap-2 text-xs text-muted-foreground" aria-hidden="true">
          <span className="inline-flex size-6 items-center justify-center rounded-full bg-destructive-soft/70 text-destructive/75 line-through">
            {formatDay(month, locale, { day: "numeric" })}
          </span>
          {labels.booked}
        </p>
      ) : null}
    </div>
  );
}
