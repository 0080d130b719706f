"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { CalendarClock } from "lucide-react";
import { closedStatus, type DayStatus, type OpeningHoursDays } from "@/components/product/purchase/booking-days";
import { CalendarField, StayNights } from "@/components/product/purchase/booking-fields";
import { monthQuery } from "@/components/product/purchase/full-day-booking";
import { useAvailability } from "@/components/product/purchase/use-availability";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { addDays, monthStart, riyadhToday } from "@/rules/riyadh-time";
import { singleFlight } from "@/lib/intent";
import { ordersApi } from "@/lib/store-client/orders";
import { useFailureMessage } from "@/lib/use-failure-message";
import { formatNumber } from "@/lib/money";
import type { CartDto } from "@/contract/dto/cart";

type Props = {
  cartId: string;
  itemId: string;
  productId: string;
  /** The stay's first night and how many nights it has (it keeps them, so its price stands). */
  from: string;
  nights: number;
  bookingWindowDays: number;
  openingHours: OpeningHoursDays;
  orderHref: string;
};

/**
 * A stay moved to other dates, the same number of nights: the product page's calendar, one tap on
 * the new first night (the last follows), then one tap to move it. The stay's own nights count as
 * free (the platform releases them before booking the new ones); nights booked by others are not
 * taken, and the platform checks again. One tap, one move; a refusal is said in the shopper's
 * language and the stay stays where it was.
 */
export function RescheduleStay({
  cartId,
  itemId,
  productId,
  from,
  nights,
  bookingWindowDays,
  openingHours,
  orderHref,
}: Props) {
  const t = useTranslations("product.widget");
  const tr = useTranslations("order.reschedule");
  const locale = useLocale();
  const router = useRouter();
  const errorMessage = useFailureMessage();
  const today = riyadhToday();
  const maxDay = addDays(today, bookingWindowDays);
  const [month, setMonth] = useState(monthStart(from < today ? today : from));
  const [first, setFirst] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [send] = useState(() => singleFlight<CartDto>());
  const [pending, setPending] = useState(false);
  const availability = useAvailability(productId, monthQuery(month, today, maxDay), locale);
  const known = availability.data?.kind === "days" ? availability.data.days : [];
  const closed = closedStatus(openingHours);
  const own = (day: string) => day >= from && day < addDays(from, nights);
  const status = (day: string): DayStatus => {
    const night = known.find((n) => n.date === day);
    return night && !night.available && !own(day) ? "booked" : closed(day);
  };
  const last = first ? addDays(first, nights - 1) : null;

  const select = (day: string) => {
    const stay = Array.from({ length: nights }, (_, i) => addDays(day, i));
    const blocked = stay.some((night) => night > maxDay || status(night) !== undefined);
    setRefusal(blocked ? t("rangeCrossesBooked") : null);
    setFirst(blocked ? null : day);
  };

  const move = async () => {
    if (!first) return;
    setPending(true);
    try {
      await send((key) =>
        ordersApi.reschedule(
          {
            params: { cartId, itemId },
            body: { reservationDateFrom: first, reservationDateTo: addDays(first, nights) },
          },
          { locale, idempotencyKey: key },
        ),
      );
      toast.success(tr("moved"));
      router.push(orderHref);
      router.refresh();
    } catch (err) {
      setRefusal(errorMessage(err));
      availability.retry();
      setPending(false);
    }
  };

  return (
    <div className="grid gap-5">
      <CalendarField
        label={t("stay")}
        hint={tr("stayHint", { n: formatNumber(nights, locale), count: nights })}
        locale={locale}
        month={month}
        onMonthChange={setMonth}
        minDay={today}
        maxDay={maxDay}
        selectedFrom={first}
        selectedTo={last}
        onSelect={select}
        status={status}
        showBookedLegend
      />
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      {first ? <StayNights first={first} last={last} /> : null}
      <Button size="lg" disabled={!first || pending} onClick={() => void move()}>
        <CalendarClock aria-hidden="true" />
        {tr("submitStay")}
      </Button>
    </div>
  );
}
