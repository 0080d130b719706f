import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AccountGate } from "@/components/account/account-gate";
import { OrderPending } from "@/components/order/order-pending";
import { OrderView } from "@/components/order/order-view";
import { doneView, readDoneHint } from "@/lib/checkout/done-state";
import { bookingEvents, calendarStore } from "@/lib/orders/calendar-events";
import { parseCartId } from "@/lib/cookies";
import { settleCartPayments } from "@/lib/payments/settle";
import { orNull, platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";
import { ownOrderExtras } from "@/lib/orders/order-share";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<SiteParams & { cartId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.done");
  // A personal page: never in a search index.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * /checkout/done/{cartId} (spec §2): the order as the platform has it, read with the customer's
 * token, so another customer's cart or an unknown id is a 404. A cart still active is settled
 * first (the platform asks the providers). The query (status=paid, a pay-later provider's cancel/failure)
 * only chooses the wording for a cart that is not complete: it never marks anything paid.
 */
export default async function OrderDonePage({ params, searchParams }: Props) {
  const p = await params;
  const { site, tenant, config, locale } = await loadSite(p);
  const cartId = parseCartId(p.cartId);
  if (!cartId) notFound();
  const page = await loadForCustomer(tenant, async (token) => {
    const cart = await orNull(platform({ tenant, locale, token }).cart.get({ params: { id: cartId } }));
    if (!cart) return { cart, settlement: null, share: null, invoiceHref: null };
    // Back from a provider: the platform settles the cart's payments first (completing the order when
    // paid). A completed cart is settled too: a second payment from another tab is given back then.
    const settlement = await settleCartPayments(tenant, locale, token, cartId);
    const current =
      cart.status === "completed" || settlement?.outcome !== "paid"
        ? cart
        : ((await orNull(platform({ tenant, locale, token }).cart.get({ params: { id: cartId } }))) ?? cart);
    return { cart: current, settlement, ...(await ownOrderExtras(site, tenant, config, locale, token, current)) };
  });
  const body = await (async () => {
    if (page.status !== "ok") return <AccountGate status={page.status} />;
    const { cart, settlement, share, invoiceHref } = page.data;
    if (!cart) notFound();
    const query = await searchParams;
    const view = doneView(cart, readDoneHint(query), settlement);
    if (view.kind === "order") {
      const t = await getTranslations("order.done.calendar");
      const store = calendarStore(tenant, config, locale);
      const bookings = bookingEvents(cart, store, (number) => t("description", { number }));
      return (
        <OrderView
          cart={cart}
          successMessage={config.orderSuccessMessage[locale]}
          duplicateRefund={settlement?.duplicateRefund ?? null}
          bookings={bookings}
          share={share}
          invoiceHref={invoiceHref}
          windows={{ reschedule: config.rescheduleWindowHours, cancel: config.cancelWindowHours }}
          walletPasses={tenant.walletPasses}
        />
      );
    }
    const refresh = `${localePath(locale, `/checkout/done/${cartId}`)}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []))).toString()}`;
    return <OrderPending view={view} refreshHref={refresh} />;
  })();
  return <div className="mx-auto grid max-w-2xl gap-6 px-4 pt-8 pb-10 sm:px-6 sm:pt-12">{body}</div>;
}
