import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Receipt } from "lucide-react";
import { AccountGate } from "@/components/account/account-gate";
import { EmptyState } from "@/components/account/empty-state";
import { OrderList } from "@/components/account/order-list";
import { buttonVariants } from "@/components/ui/button";
import { platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

/** The signed-in customer's orders of every kind, newest first, rendered on the server. */
export default async function OrdersPage({ params }: { params: Promise<SiteParams> }) {
  const { tenant, locale } = await loadSite(await params);
  const page = await loadForCustomer(tenant, (token) => platform({ tenant, locale, token }).account.orders());
  if (page.status !== "ok") return <AccountGate status={page.status} />;
  const t = await getTranslations("account.orders");
  if (page.data.length === 0) {
    return (
      <EmptyState
        icon={<Receipt className="size-7" />}
        title={t("emptyTitle")}
        description={t("emptyDescription")}
        action={
          <Link prefetch={false} href={localePath(locale, "/products")} className={buttonVariants()}>
            {t("browse")}
          </Link>
        }
      />
    );
  }
  return <OrderList orders={page.data} locale={locale} />;
}
