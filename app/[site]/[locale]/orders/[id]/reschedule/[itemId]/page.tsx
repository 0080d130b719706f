import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AccountGate } from "@/components/account/account-gate";
import { RescheduleSlot } from "@/components/order/reschedule-slot-lazy";
import { staffSpec } from "@/components/product/purchase/widget-spec";
import { RescheduleStay } from "@/components/order/reschedule-stay-lazy";
import { buttonVariants } from "@/components/ui/button";
import { parseCartId } from "@/lib/cookies";
import { formatDay, formatTime } from "@/lib/day-format";
import { formatNumber } from "@/lib/money";
import { canReschedule } from "@/lib/orders/reschedule";
import { orNull, platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";
import { addDays, daysBetween, riyadhToday } from "@/rules/riyadh-time";

export const dynamic = "force-dynamic";

type Props = { params: Promise<SiteParams & { id: string; itemId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.reschedule");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * /orders/{id}/reschedule/{itemId}: the customer moves a fixed-slot booking of their order to
 * another day and time, or a stay to other dates (the same nights), while the store's window is open. Only the order's customer; a line that
 * is not such a booking, or one past the window, is a 404 (the order page offers the change only
 * when it can be made).
 */
export default async function ReschedulePage({ params }: Props) {
  const p = await params;
  const { tenant, config, locale } = await loadSite(p);
  const cartId = parseCartId(p.id);
  const itemId = parseCartId(p.itemId);
  if (!cartId || !itemId) notFound();
  const page = await loadForCustomer(tenant, async (token) => {
    const order = await orNull(platform({ tenant, locale, token }).cart.get({ params: { id: cartId } }));
    const item = order?.status === "completed" ? order.cartItems.find((i) => i.id === itemId) : undefined;
    const product = item
      ? await orNull(platform({ tenant, locale }).catalog.get({ params: { id: item.product.id } }))
      : null;
    return { item, product };
  });
  const frame = "mx-auto grid max-w-xl gap-6 px-4 pt-8 pb-10 sm:px-6 sm:pt-12";
  if (page.status !== "ok") {
    return (
      <div className={frame}>
        <AccountGate status={page.status} />
      </div>
    );
  }
  const { item, product } = page.data;
  if (!item || !product || !canReschedule(item, config.rescheduleWindowHours)) notFound();
  const t = await getTranslations("order.reschedule");
  const orderHref = localePath(locale, `/orders/${cartId}`);
  const from = item.reservationDateFrom!;
  const stay = item.product.isFullDayBooking;
  const nights = stay ? daysBetween(from, item.reservationDateTo ?? addDays(from, 1)) : 0;
  return (
    <div className={frame}>
      <Link
        prefetch={false}
        href={orderHref}
        className={buttonVariants({ variant: "ghost", size: "sm", className: "justify-self-start" })}
      >
        {t("back")}
      </Link>
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="font-semibold">{item.product.name}</p>
        <p className="text-sm">
          <span className="text-muted-foreground">{t("current")}: </span>
          <bdi>
            {stay ? (
              <>
                {formatDay(from, locale)} – {formatDay(addDays(from, nights - 1), locale)}
              </>
            ) : (
              <>
                {formatDay(riyadhToday(new Date(from)), locale)}
                {locale === "ar" ? "، " : ", "}
                {formatTime(from, locale)}
              </>
            )}
          </bdi>
        </p>
        <p className="text-sm text-muted-foreground">
          {t("window", { hours: formatNumber(config.rescheduleWindowHours!, locale) })}
        </p>
      </header>
      {stay ? (
        <RescheduleStay
          cartId={cartId}
          itemId={itemId}
          productId={product.id}
          from={from}
          nights={nights}
          bookingWindowDays={product.reservation?.bookingWindowDays ?? 60}
          openingHours={product.reservation?.openingHours ?? null}
          orderHref={orderHref}
        />
      ) : (
        <RescheduleSlot
          cartId={cartId}
          itemId={itemId}
          productId={product.id}
          seats={item.quantity}
          specialistId={item.specialist?.id ?? null}
          branchId={item.branch?.id ?? null}
          staff={staffSpec(product, config)}
          bookingWindowDays={product.reservation?.bookingWindowDays ?? 60}
          openingHours={product.reservation?.openingHours ?? null}
          orderHref={orderHref}
        />
      )}
    </div>
  );
}
