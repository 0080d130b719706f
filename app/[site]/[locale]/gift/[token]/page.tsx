import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { GiftCardFace } from "@/components/gift/gift-card-face";
import { UseGiftCardButton } from "@/components/gift/use-gift-card-button";
import { formatDay } from "@/lib/day-format";
import { orNull, platform } from "@/lib/platform-client/core";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";
import { RIYADH_OFFSET_MS } from "@/rules/riyadh-time";
import { Sar } from "@/components/money/sar";

export const dynamic = "force-dynamic";

type Props = { params: Promise<SiteParams & { token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await loadSite(await params);
  const t = await getTranslations("order.giftCard");
  // A card's page is its holder's: never in a search index (nor in the sitemap).
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/** The Riyadh calendar day of an instant, e.g. "2027-11-30". */
const riyadhDayOf = (iso: string) => new Date(new Date(iso).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);

/**
 * /gift/{token}: the page a gift card's text message links to — no sign-in. The card in its theme,
 * who it is for and from, its balance and expiry, its code, and "Use it", which carries the code to
 * the checkout's gift card field. An unknown token is the store's 404 page.
 */
export default async function GiftCardPage({ params }: Props) {
  const p = await params;
  const { tenant, config, locale } = await loadSite(p);
  const card = await orNull(platform({ tenant, locale }).checkout.giftCard({ params: { token: p.token } }));
  if (!card) notFound();
  const t = await getTranslations("order.giftCard");
  const storeName = config.brandName ?? tenant.name;
  const expiry = formatDay(riyadhDayOf(card.expiresAt), locale, { day: "numeric", month: "long", year: "numeric" });
  const usable = !card.expired && card.balance > 0;
  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 pt-8 pb-12 sm:pt-12">
      <h1 className="font-display text-2xl font-bold">{t("title", { name: card.recipientName })}</h1>
      <GiftCardFace
        color={card.themeColor}
        storeName={storeName}
        themeName={card.themeName}
        amount={<Sar amount={card.amount} locale={locale} style={config.sarStyle} />}
        to={card.recipientName}
        from={card.fromName}
        labels={{ to: t("to"), from: t("from") }}
      />
      <dl className="grid gap-3 rounded-xl border border-border bg-card p-4 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{t("balance")}</dt>
          <dd className="tabular text-lg font-bold" data-gift-balance="">
            <Sar amount={card.balance} locale={locale} style={config.sarStyle} />
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{card.expired ? t("expired") : t("expires")}</dt>
          <dd className="font-medium">{expiry}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{t("code")}</dt>
          <dd dir="ltr" className="tabular font-mono text-base font-semibold tracking-wider" data-gift-code="">
            {card.code}
          </dd>
        </div>
      </dl>
      {usable ? (
        <UseGiftCardButton code={card.code} href={localePath(locale, "/")} label={t("use")} />
      ) : (
        <p role="status" className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          {card.expired ? t("expiredNote") : t("emptyNote")}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{t("howTo")}</p>
    </div>
  );
}
