import type { ReactNode } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { accountPagesFor } from "@/components/account/account-pages";
import { ProfileTabs } from "@/components/account/profile-tabs";
import { WithAllMessages } from "@/components/intl/all-messages";
import { loadSite, type SiteParams } from "@/lib/site";
import { storeCatalogue } from "@/lib/store-kinds";

type Props = { children: ReactNode; params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("account");
  // Personal pages: never in a search index.
  return { title: t("title"), robots: { index: false, follow: false } };
}

/** The customer's account: a heading and its pages as tabs (spec §2), those the store's catalogue can fill. */
export default async function ProfileLayout({ children, params }: Props) {
  const { tenant, config, locale } = await loadSite(await params);
  const [t, products] = await Promise.all([getTranslations("account"), storeCatalogue(tenant, locale)]);
  // Orders are listed here: every client text comes inline.
  return (
    <WithAllMessages>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-8 pb-4 sm:px-6 sm:pt-10">
        <header className="grid gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <ProfileTabs pages={accountPagesFor(products, config.hasPackages)} />
        </header>
        {children}
      </div>
    </WithAllMessages>
  );
}
