import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AccountGate } from "@/components/account/account-gate";
import { OrderView } from "@/components/order/order-view";
import { parseCartId } from "@/lib/cookies";
import { bookingEvents, calendarStore } from "@/lib/orders/calendar-events";
import { orNull, platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";

export const dynamic = "force-dynamic";

type Props = { params: Promise<SiteParams & { id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.done");
  // A personal page: never in a search index.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * /orders/{id}: one of the customer's placed orders, opened again from My orders — as the done
 * page shows it, without the thanks and the purchase event. Read with the customer's token: another
 * customer's order, an unknown id or a cart not yet ordered is a 404.
 */
export default async function OrderPage({ params }: Props) {
  const p = await params;
  const { tenant, config, locale } = await loadSite(p);
  const cartId = parseCartId(p.id);
  if (!cartId) notFound();
  const page = await loadForCustomer(tenant, (token) => orNull(platform({ tenant, locale, token }).cart.get({ params: { id: cartId } })));
  if (page.status !== "ok") {
    return (
      <div className="mx-auto max-w-2xl px-4 pt-8 pb-10 sm:px-6 sm:pt-12">
        <AccountGate status={page.status} />
      </div>
    );
  }
  const order = page.data;
  if (!order || order.status !== "completed") notFound();
  const t = await getTranslations("order.done.calendar");
  const store = calendarStore(tenant, config, locale);
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pt-8 pb-10 sm:px-6 sm:pt-12">
      <OrderView cart={order} successMessage={null} variant="order" bookings={bookingEvents(order, store, (number) => t("description", { number }))} />
    </div>
  );
}
