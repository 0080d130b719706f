import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { ProductLogo } from "@/components/product/product-logo";
import { Badge } from "@/components/ui/badge";
import type { OrderSummaryDto } from "@/contract/dto/account";
import { riyadhToday } from "@/rules/riyadh-time";
import type { Locale } from "@/contract/tenant-settings";
import { orderMethodKey } from "@/lib/checkout/done-state";
import { dueWords } from "@/lib/orders/money-words";
import type { MoneyStatus } from "@/contract/dto/cart";
import { formatDay } from "@/lib/day-format";
import { formatNumber } from "@/lib/money";
import { localePath } from "@/lib/site-routing";
import { getFormatSar, getSarStyle } from "@/lib/money-server";
import { Sar } from "@/components/money/sar";

const STATUS_VARIANT = {
  paid: "success",
  depositPaid: "success",
  nothingDue: "success",
  payOnSite: "muted",
  pendingReview: "accent",
  unpaid: "accent",
  cancelled: "muted",
  refunded: "muted",
  partlyRefunded: "success",
} as const satisfies Record<MoneyStatus, string>;

/**
 * One order: its number, day, status and method, what it holds, what it costs now (its lines not
 * cancelled; a cancelled order its placed total, struck through), what went back and what remains
 * with when; the whole card opens the order.
 */
async function OrderCard({ order, locale }: { order: OrderSummaryDto; locale: Locale }) {
  const [t, tDone, formatSar] = await Promise.all([
    getTranslations("account.orders"),
    getTranslations("order.done"),
    getFormatSar(),
  ]);
  const { money } = order;
  const status = money.status;
  const due = dueWords(money, locale, tDone);
  const method = orderMethodKey({
    totalAmount: order.totalAmount,
    hasPackageDiscounts: order.hasPackageDiscounts,
    paymentMethod: order.paymentMethod,
  });
  const day = riyadhToday(new Date(order.completedAt));
  const [first, ...rest] = order.items;
  const number = order.orderNumber ?? "";
  const Forward = locale === "ar" ? ChevronLeft : ChevronRight;
  const sarStyle = getSarStyle();
  const sar = (amount: number) => <Sar amount={amount} locale={locale} style={sarStyle} />;
  const cancelled = status === "cancelled" || status === "refunded";
  const amount = cancelled ? <s>{sar(order.totalAmount)}</s> : sar(money.total);
  return (
    <li>
      <Link
        prefetch={false}
        href={localePath(locale, `/orders/${order.id}`)}
        className="flex gap-4 rounded-xl border border-border bg-card p-4 shadow-soft transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {first ? (
          <ProductLogo product={{ images: first.image ? [first.image] : [], typeString: first.typeString }} size={56} />
        ) : null}
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 className="font-semibold">{t("number", { number })}</h2>
            <Badge variant={STATUS_VARIANT[status]}>{tDone(`status.${status}`)}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {t("placedOn", { date: formatDay(day, locale, { day: "numeric", month: "long", year: "numeric" }) })}
            {method ? ` · ${tDone(`method.${method}`)}` : null}
          </p>
          {money.refunded > 0 || (money.remaining > 0 && due) ? (
            <p className="text-sm text-muted-foreground" data-testid="order-money">
              {[
                money.refunded > 0 ? t("refunded", { amount: formatSar(money.refunded) }) : null,
                money.remaining > 0 && due ? t("remaining", { amount: formatSar(money.remaining), due }) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
          {first ? (
            <p dir="auto" className="line-clamp-2 text-sm">
              {first.name}
              {rest.length > 0
                ? ` ${t("more", { count: rest.length, formatted: formatNumber(rest.length, locale) })}`
                : null}
            </p>
          ) : null}
          <p className="tabular font-semibold sm:hidden">{amount}</p>
        </div>
        {/* A phone gives the words the width: the total goes under them, and the card itself is the way in. */}
        <div className="hidden shrink-0 flex-col items-end justify-between sm:flex">
          <p className="tabular font-semibold">{amount}</p>
          <Forward aria-hidden="true" className="size-5 text-muted-foreground" />
        </div>
      </Link>
    </li>
  );
}

/** The customer's orders, newest first. */
export async function OrderList({ orders, locale }: { orders: OrderSummaryDto[]; locale: Locale }) {
  return (
    <ul className="grid gap-3">
      {orders.map((o) => (
        <OrderCard key={o.id} order={o} locale={locale} />
      ))}
    </ul>
  );
}
