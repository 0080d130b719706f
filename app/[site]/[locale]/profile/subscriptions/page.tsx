import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Repeat } from "lucide-react";
import { AccountGate } from "@/components/account/account-gate";
import { EmptyState } from "@/components/account/empty-state";
import { SubscriptionList } from "@/components/account/subscription-list";
import { buttonVariants } from "@/components/ui/button";
import { platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

/** The signed-in customer's subscriptions and packages: status, dates, sessions left. */
export default async function SubscriptionsPage({ params }: { params: Promise<SiteParams> }) {
  const { tenant, locale } = await loadSite(await params);
  const page = await loadForCustomer(tenant, (token) => platform({ tenant, locale, token }).account.subscriptions());
  if (page.status !== "ok") return <AccountGate status={page.status} />;
  const t = await getTranslations("account.subscriptions");
  if (page.data.length === 0) {
    return (
      <EmptyState
        icon={<Repeat className="size-7" />}
        title={t("emptyTitle")}
        description={t("emptyDescription")}
        action={
          <Link
            prefetch={false}
            href={`${localePath(locale, "/products")}?type=subscription`}
            className={buttonVariants()}
          >
            {t("browse")}
          </Link>
        }
      />
    );
  }
  return (
    <section className="grid gap-3">
      <h2 className="sr-only">{t("title")}</h2>
      <SubscriptionList subscriptions={page.data} locale={locale} />
    </section>
  );
}
