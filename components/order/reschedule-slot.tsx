"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { CalendarClock } from "lucide-react";
import { DayAndTimeFields, useSlotOptions } from "@/components/product/purchase/booking-fields";
import type { OpeningHoursDays } from "@/components/product/purchase/booking-days";
import { useBookingDay } from "@/components/product/purchase/use-booking-day";
import { someoneWorks, type StaffSpec } from "@/components/product/purchase/staff-days";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { singleFlight } from "@/lib/intent";
import { ordersApi } from "@/lib/store-client/orders";
import { useFailureMessage } from "@/lib/use-failure-message";
import type { CartDto } from "@/contract/dto/cart";

type Props = {
  cartId: string;
  itemId: string;
  productId: string;
  /** The booking's seats: the new time needs as many free. */
  seats: number;
  /** The booking's specialist and branch: it keeps them, so only their days and free times are offered. */
  specialistId: string | null;
  branchId: string | null;
  /** The product's specialists (their weeks and days off), when it has any. */
  staff: StaffSpec | null;
  bookingWindowDays: number;
  openingHours: OpeningHoursDays;
  /** Where the order is shown (back there once moved). */
  orderHref: string;
};

/**
 * A fixed-slot booking moved to another day and time: the product page's calendar and times
 * (times with fewer free seats than the booking's are disabled), then one tap to move it. One tap,
 * one move (the button waits; a second tap joins the first). A refusal (taken meanwhile, too late)
 * is said under the times in the shopper's language and the booking stays where it was.
 */
export function RescheduleSlot({
  cartId,
  itemId,
  productId,
  seats,
  specialistId,
  branchId,
  staff,
  bookingWindowDays,
  openingHours,
  orderHref,
}: Props) {
  const t = useTranslations("product.widget");
  const tr = useTranslations("order.reschedule");
  const locale = useLocale();
  const router = useRouter();
  const errorMessage = useFailureMessage();
  const pick = { specialistId, branchId };
  const day = useBookingDay(
    productId,
    openingHours,
    bookingWindowDays,
    locale,
    specialistId
      ? {
          isOff: (d) => (staff ? !someoneWorks(staff, pick, null, d) : false),
          query: { specialistId, ...(branchId ? { branchId } : {}) },
        }
      : undefined,
  );
  const { availability, timeFrom } = day;
  const [send] = useState(() => singleFlight<CartDto>());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const slots = availability.data?.kind === "slots" ? availability.data.slots : [];
  const slot = slots.find((s) => s.from === timeFrom && s.available >= seats);
  const options = useSlotOptions(slots, seats, locale);

  const move = async () => {
    if (!slot) return;
    setPending(true);
    try {
      await send((key) =>
        ordersApi.reschedule(
          { params: { cartId, itemId }, body: { reservationDateFrom: slot.from } },
          { locale, idempotencyKey: key },
        ),
      );
      toast.success(tr("moved"));
      router.push(orderHref);
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
      availability.retry();
      setPending(false);
    }
  };

  return (
    <div className="grid gap-5">
      <DayAndTimeFields day={day} timeLegend={t("time")} options={options} onPick={() => setError(null)} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button size="lg" disabled={!slot || pending} onClick={() => void move()}>
        <CalendarClock aria-hidden="true" />
        {tr("submit")}
      </Button>
      {!slot ? <p className="text-center text-sm text-muted-foreground">{t("chooseTimeFirst")}</p> : null}
    </div>
  );
}
