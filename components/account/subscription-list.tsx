import { getTranslations } from "next-intl/server";
import { CalendarRange } from "lucide-react";
import { ProductLogo } from "@/components/product/product-logo";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatNumber } from "@/lib/money";
import type { SubscriptionDto } from "@/contract/dto/account";
import { formatDay } from "@/lib/day-format";
import type { Locale } from "@/contract/tenant-settings";

const LONG_DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

const STATUS_TONE: Record<SubscriptionDto["status"], BadgeProps["variant"]> = {
  active: "success",
  upcoming: "default",
  expired: "muted",
  cancelled: "destructive",
};

function hasPackage(
  s: SubscriptionDto,
): s is SubscriptionDto & { packageSessionsLeft: number; packageSessionsTotal: number } {
  return (
    typeof s.packageSessionsLeft === "number" &&
    typeof s.packageSessionsTotal === "number" &&
    s.packageSessionsTotal > 0
  );
}

async function SubscriptionCard({ subscription: s, locale }: { subscription: SubscriptionDto; locale: Locale }) {
  const t = await getTranslations("account.subscriptions");
  const pack = hasPackage(s);
  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-soft">
      <div className="flex gap-4">
        <ProductLogo
          product={{ images: s.productImage ? [s.productImage] : [], typeString: "subscription", hasPackage: pack }}
          size={56}
        />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 dir="auto" className="min-w-0 font-semibold">
              {s.productName}
            </h3>
            <Badge variant={STATUS_TONE[s.status]}>{t(`status.${s.status}`)}</Badge>
          </div>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
            {t("period", { from: formatDay(s.startsOn, locale, LONG_DAY), to: formatDay(s.endsOn, locale, LONG_DAY) })}
          </p>
        </div>
      </div>
      {pack ? (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">
            {t("sessionsLeft", {
              leftFormatted: formatNumber(s.packageSessionsLeft, locale),
              totalFormatted: formatNumber(s.packageSessionsTotal, locale),
            })}
          </p>
          <div
            role="progressbar"
            aria-label={t("sessionsLabel")}
            aria-valuemin={0}
            aria-valuemax={s.packageSessionsTotal}
            aria-valuenow={s.packageSessionsLeft}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${Math.round((s.packageSessionsLeft / s.packageSessionsTotal) * 100)}%` }}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}

export async function SubscriptionList({
  subscriptions,
  locale,
}: {
  subscriptions: SubscriptionDto[];
  locale: Locale;
}) {
  return (
    <ul className="grid gap-3">
      {subscriptions.map((s) => (
        <SubscriptionCard key={s.id} subscription={s} locale={locale} />
      ))}
    </ul>
  );
}
