import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AccountGate } from "@/components/account/account-gate";
import { OrderPending } from "@/components/order/order-pending";
import { OrderView } from "@/components/order/order-view";
import { doneView, readDoneHint } from "@/lib/checkout/done-state";
import { parseCartId } from "@/lib/cookies";
import { getCart } from "@/lib/platform-client/cart";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

type Props = { params: Promise<SiteParams & { cartId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.done");
  // A personal page: never in a search index.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * /checkout/done/{cartId} (spec §2): the order as the platform has it, read with the customer's
 * token, so another customer's cart or an unknown id is a 404. The query (status=paid, Tabby or
 * Tamara cancel/failure) only chooses the wording for a cart that is not complete: it never marks
 * anything paid.
 */
export default async function OrderDonePage({ params, searchParams }: Props) {
  const p = await params;
  const { tenant, config, locale } = await loadSite(p);
  const cartId = parseCartId(p.cartId);
  if (!cartId) notFound();
  const page = await loadForCustomer(tenant, (token) => getCart(tenant, locale, cartId, token));
  const body = await (async () => {
    if (page.status !== "ok") return <AccountGate status={page.status} />;
    if (!page.data) notFound();
    const query = await searchParams;
    const view = doneView(page.data, readDoneHint(query));
    if (view.kind === "order") return <OrderView cart={page.data} successMessage={config.orderSuccessMessage} />;
    const refresh = `${localePath(locale, `/checkout/done/${cartId}`)}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []))).toString()}`;
    return <OrderPending view={view} refreshHref={refresh} />;
  })();
  return <div className="mx-auto grid max-w-2xl gap-6 px-4 pt-8 pb-10 sm:px-6 sm:pt-12">{body}</div>;
}
