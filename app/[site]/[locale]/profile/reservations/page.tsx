import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CalendarDays } from "lucide-react";
import { AccountGate } from "@/components/account/account-gate";
import { EmptyState } from "@/components/account/empty-state";
import { ReservationSection } from "@/components/account/reservation-list";
import { buttonVariants } from "@/components/ui/button";
import { platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

/** The signed-in customer's bookings, upcoming then past, rendered on the server. */
export default async function ReservationsPage({ params }: { params: Promise<SiteParams> }) {
  const { tenant, locale } = await loadSite(await params);
  const page = await loadForCustomer(tenant, (token) => platform({ tenant, locale, token }).account.reservations());
  if (page.status !== "ok") return <AccountGate status={page.status} />;
  const t = await getTranslations("account.reservations");
  const { upcoming, past } = page.data;
  if (upcoming.length === 0 && past.length === 0) {
    return (
      <EmptyState
        icon={<CalendarDays className="size-7" />}
        title={t("emptyTitle")}
        description={t("emptyDescription")}
        action={
          <Link
            prefetch={false}
            href={`${localePath(locale, "/products")}?type=reservation`}
            className={buttonVariants()}
          >
            {t("browse")}
          </Link>
        }
      />
    );
  }
  return (
    <div className="grid gap-8">
      <ReservationSection title={t("upcoming")} empty={t("noUpcoming")} reservations={upcoming} locale={locale} />
      <ReservationSection title={t("past")} empty={t("noPast")} reservations={past} locale={locale} />
    </div>
  );
}
