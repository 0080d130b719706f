import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AccountGate } from "@/components/account/account-gate";
import { OrderView } from "@/components/order/order-view";
import { parseCartId } from "@/lib/cookies";
import { bookingEvents, calendarStore } from "@/lib/orders/calendar-events";
import { orNull, platform } from "@/lib/platform-client/core";
import { orderPageHref, orderShareFor, ownOrderExtras } from "@/lib/orders/order-share";
import { loadOrderPage } from "@/lib/orders/order-access";
import { loadSite, type SiteParams } from "@/lib/site";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<SiteParams & { id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.done");
  // A personal page: never in a search index.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

const Frame = ({ children }: { children: React.ReactNode }) => (
  <div className="mx-auto grid max-w-2xl gap-6 px-4 pt-8 pb-10 sm:px-6 sm:pt-12">{children}</div>
);

/**
 * /orders/{id}: one of the customer's placed orders, opened again from My orders — as the done
 * page shows it, without the thanks and the purchase event. Read with the customer's token: another
 * customer's order, an unknown id or a cart not yet ordered is a 404.
 *
 * /orders/{id}?key={key}: the same order through its link, for whoever holds it without signing in
 * (the mobile number and notes left out). A key that does not match is a 404, whoever asks.
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const [p, query] = await Promise.all([params, searchParams]);
  const { site, tenant, config, locale } = await loadSite(p);
  const cartId = parseCartId(p.id);
  if (!cartId) notFound();
  const [t, tShare] = await Promise.all([getTranslations("order.done.calendar"), getTranslations("order.done.share")]);
  const store = calendarStore(tenant, config, locale);
  const page = await loadOrderPage(tenant, query.key, {
    owner: async (token) => {
      const order = await orNull(platform({ tenant, locale, token }).cart.get({ params: { id: cartId } }));
      return {
        order,
        ...(order
          ? await ownOrderExtras(site, tenant, config, locale, token, order)
          : { share: null, invoiceHref: null }),
      };
    },
    link: async (key) => {
      const api = platform({ tenant, locale });
      const [order, docs] = await Promise.all([
        orNull(api.account.sharedOrder({ params: { id: cartId, key } })),
        orNull(api.account.sharedOrderInvoices({ params: { id: cartId, key } })),
      ]);
      return {
        order,
        share: order ? orderShareFor(site, locale, store.name, order, key, (v) => tShare("text", v)) : null,
        invoiceHref: docs?.invoice ? orderPageHref(locale, cartId, key, "/invoice") : null,
      };
    },
  });
  if (page.status !== "ok") {
    return (
      <Frame>
        <AccountGate status={page.status} />
      </Frame>
    );
  }
  const { value, key } = page.data;
  const { order, share } = value;
  if (!order || order.status !== "completed") notFound();
  return (
    <Frame>
      <OrderView
        cart={order}
        successMessage={null}
        variant={key ? "shared" : "order"}
        bookings={bookingEvents(order, store, (number) => t("description", { number }))}
        share={share}
        invoiceHref={value.invoiceHref}
        windows={{ reschedule: config.rescheduleWindowHours, cancel: config.cancelWindowHours }}
        walletPasses={tenant.walletPasses && !key}
      />
    </Frame>
  );
}
