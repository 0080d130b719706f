import { getTranslations } from "next-intl/server";
import { Gift } from "lucide-react";
import { AccountGate } from "@/components/account/account-gate";
import { EmptyState } from "@/components/account/empty-state";
import { GiftCardList } from "@/components/account/gift-card-list";
import { platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";

export const dynamic = "force-dynamic";

/** The gift cards received on the signed-in customer's mobile number: balance, expiry, history. */
export default async function GiftCardsPage({ params }: { params: Promise<SiteParams> }) {
  const { tenant, config, locale } = await loadSite(await params);
  const page = await loadForCustomer(tenant, (token) => platform({ tenant, locale, token }).account.giftCards());
  if (page.status !== "ok") return <AccountGate status={page.status} />;
  const t = await getTranslations("account.giftCards");
  if (page.data.length === 0) {
    return (
      <EmptyState
        icon={<Gift className="size-7" />}
        title={t("emptyTitle")}
        description={t("emptyDescription")}
        action={null}
      />
    );
  }
  return (
    <section className="grid gap-3">
      <h2 className="sr-only">{t("title")}</h2>
      <GiftCardList cards={page.data} locale={locale} sarStyle={config.sarStyle} />
    </section>
  );
}
