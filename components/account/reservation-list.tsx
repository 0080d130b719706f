import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { CalendarDays, Clock, Moon, Users, type LucideIcon } from "lucide-react";
import { ProductLogo } from "@/components/product/product-logo";
import { formatNumber } from "@/lib/money";
import type { ReservationDto } from "@/contract/dto/account";
import { riyadhToday } from "@/rules/riyadh-time";
import { formatDay, formatTime } from "@/lib/day-format";
import type { Locale } from "@/contract/tenant-settings";
import { reservationWhen } from "./reservation-when";

/** A day for a booking line: the year only when it is not this year's. */
function dayLabel(day: string, locale: Locale): string {
  const thisYear = day.slice(0, 4) === riyadhToday().slice(0, 4);
  return formatDay(
    day,
    locale,
    thisYear
      ? { weekday: "short", day: "numeric", month: "short" }
      : { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  );
}

function Line({ Icon, children }: { Icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

async function ReservationCard({ reservation: r, locale }: { reservation: ReservationDto; locale: Locale }) {
  const t = await getTranslations("account.reservations");
  const when = reservationWhen(r);
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-card p-4 shadow-soft">
      <ProductLogo product={{ images: r.productImage ? [r.productImage] : [], typeString: "reservation" }} size={56} />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <h3 dir="auto" className="truncate font-semibold">
          {r.productName}
        </h3>
        {when.kind === "days" ? (
          <>
            <Line Icon={CalendarDays}>
              {when.firstDay === when.lastDay
                ? dayLabel(when.firstDay, locale)
                : t("dayRange", { from: dayLabel(when.firstDay, locale), to: dayLabel(when.lastDay, locale) })}
            </Line>
            <Line Icon={Moon}>{t("nights", { count: when.nights, formatted: formatNumber(when.nights, locale) })}</Line>
          </>
        ) : (
          <>
            <Line Icon={CalendarDays}>{dayLabel(when.day, locale)}</Line>
            <Line Icon={Clock}>
              {t("timeRange", { from: formatTime(when.from, locale), to: formatTime(when.to, locale) })}
            </Line>
          </>
        )}
        {r.seats > 1 ? (
          <Line Icon={Users}>{t("seats", { count: r.seats, formatted: formatNumber(r.seats, locale) })}</Line>
        ) : null}
      </div>
    </li>
  );
}

/** One section of bookings (upcoming or past) with its own empty state. */
export async function ReservationSection({
  title,
  empty,
  reservations,
  locale,
}: {
  title: string;
  empty: string;
  reservations: ReservationDto[];
  locale: Locale;
}) {
  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {reservations.length > 0 ? (
        <ul className="grid gap-3">
          {reservations.map((r) => (
            <ReservationCard key={r.id} reservation={r} locale={locale} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border bg-card px-5 py-8 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      )}
    </section>
  );
}
